// Upstream errors in the shapes a service we did not write may send them, each as the browser gets it.
import { describe, expect, it } from 'vitest'
import { UPSTREAM_KEY_REFUSED } from '../../../src/api/contract/console-schemas'
import { knowSecret, REDACTED } from '../http/known-secrets'
import { type UpstreamError, upstreamProblem } from './upstream-problem'

const KEY = 'fk_live_unit_0123456789'
knowSecret(KEY)

const error = (change: Partial<UpstreamError>): UpstreamError => ({
  status: 500,
  statusText: 'Internal Server Error',
  contentType: 'text/html',
  retryAfter: undefined,
  body: Buffer.from('<html><body><h1>500 Internal Server Error</h1></body></html>'),
  ...change,
})

async function read(answer: Response | null) {
  if (!answer) throw new Error('forwarded as is')
  expect(answer.headers.get('content-type')).toBe('application/problem+json')
  return { status: answer.status, headers: answer.headers, body: (await answer.json()) as Record<string, unknown> }
}

describe('upstreamProblem', () => {
  it('leaves a success alone', () => {
    expect(upstreamProblem(error({ status: 200, contentType: 'text/html' }))).toBeNull()
    expect(upstreamProblem(error({ status: 304, contentType: undefined }))).toBeNull()
  })

  it("re-writes the service's own problem+json with its members kept and every secret redacted", async () => {
    const own = {
      type: 'https://voice.example/problems/plan',
      title: `Key ${KEY} refused`,
      status: 418,
      detail: `The key ${KEY} may not call there.`,
      account: { keys: [KEY, 'other'], tier: 3 },
    }
    const { status, body } = await read(
      upstreamProblem(
        error({
          status: 404,
          contentType: 'application/problem+json; charset=utf-8',
          body: Buffer.from(JSON.stringify(own)),
        }),
      ),
    )
    expect(status).toBe(404)
    expect(body).toEqual({
      type: own.type,
      title: `Key ${REDACTED} refused`,
      status: 404,
      detail: `The key ${REDACTED} may not call there.`,
      account: { keys: [REDACTED, 'other'], tier: 3 },
    })
  })

  it("quotes a plain text's first sentence, redacted, without markup", async () => {
    const quoted = async (text: string, statusText = 'Bad Request') =>
      (
        await read(
          upstreamProblem(
            error({ status: 400, statusText, contentType: 'text/plain; charset=utf-8', body: Buffer.from(text) }),
          ),
        )
      ).body.detail
    expect(await quoted(`  The key ${KEY} is\nnot valid! Call us.\n`)).toBe(
      `The voice service answered 400 Bad Request: "The key ${REDACTED} is not valid!"`,
    )
    expect(await quoted('No sentence end')).toBe('The voice service answered 400 Bad Request: "No sentence end"')
    expect(await quoted('<html><body>Nope.</body></html>')).toBe('The voice service answered 400 Bad Request.')
    expect(await quoted('', `Key ${KEY}`)).toBe(`The voice service answered 400 Key ${REDACTED}.`)
    expect(String(await quoted('y'.repeat(5000))).length).toBeLessThan(400)
  })

  it('turns an HTML outage page into a problem in words, with no markup and the same status', async () => {
    const { status, body } = await read(upstreamProblem(error({})))
    expect(status).toBe(500)
    expect(body).toMatchObject({ title: 'Voice service failed', status: 500 })
    expect(body.detail).toBe('The voice service answered 500 Internal Server Error.')
    expect(JSON.stringify(body)).not.toContain('<')
  })

  it('keeps the Retry-After of a plain-text 429, so the dashboard still waits as asked', async () => {
    const answer = upstreamProblem(
      error({ status: 429, statusText: 'Too Many Requests', contentType: 'text/plain', retryAfter: '7' }),
    )
    const { status, headers, body } = await read(answer)
    expect(status).toBe(429)
    expect(headers.get('retry-after')).toBe('7')
    expect(body).toMatchObject({ title: 'Voice service refused the request' })
  })

  it("quotes the service's own sentence from JSON of its own shape, on one line and not too long", async () => {
    const shapes = [
      { detail: 'The number is not valid.' },
      { message: 'The number is not valid.' },
      { error: 'The number is not valid.' },
      { error: { code: 'bad_number', message: ' The number\n is not valid. ' } },
    ]
    for (const shape of shapes) {
      const { status, body } = await read(
        upstreamProblem(
          error({
            status: 422,
            statusText: '',
            contentType: 'application/json',
            body: Buffer.from(JSON.stringify(shape)),
          }),
        ),
      )
      expect(status).toBe(422)
      expect(body.detail).toBe('The voice service answered 422: "The number is not valid."')
    }
    const long = await read(
      upstreamProblem(
        error({
          status: 400,
          contentType: 'application/json',
          body: Buffer.from(JSON.stringify({ message: 'x'.repeat(5000) })),
        }),
      ),
    )
    expect(String(long.body.detail).length).toBeLessThan(400)
  })

  it('says only the status for JSON without a sentence, or that is not JSON at all', async () => {
    for (const body of ['{"code": 17}', '[1, 2]', '{not json', 'null']) {
      const answer = await read(
        upstreamProblem(
          error({ status: 400, statusText: 'Bad Request', contentType: 'application/json', body: Buffer.from(body) }),
        ),
      )
      expect(answer.body.detail).toBe('The voice service answered 400 Bad Request.')
    }
  })

  it("answers 502 when the service refuses the console's key (a 401), so the person is not signed out by it", async () => {
    for (const contentType of ['application/problem+json', 'text/plain']) {
      const { status, body } = await read(upstreamProblem(error({ status: 401, statusText: '', contentType })))
      expect(status).toBe(502)
      expect(body.detail).toMatch(/^The voice service answered 401: .*VOICE_API_KEY/)
      // Its own type: no retry helps until an admin changes the key, and the dashboard knows it.
      expect(body.type).toBe(UPSTREAM_KEY_REFUSED)
    }
    const said = await read(
      upstreamProblem(
        error({
          status: 401,
          statusText: 'Unauthorized',
          contentType: 'application/problem+json',
          body: Buffer.from(`{"detail": "Key ${KEY} revoked."}`),
        }),
      ),
    )
    expect(said.body.detail).toMatch(
      /^The voice service answered 401 Unauthorized \("Key \[redacted\] revoked\."\): it does not accept/,
    )
  })

  it("answers a 403 as the service's refusal of the request, in its words, not as the key's trouble", async () => {
    const { status, body } = await read(
      upstreamProblem(
        error({
          status: 403,
          statusText: 'Forbidden',
          contentType: 'application/json',
          body: Buffer.from('{"message": "Your plan does not allow calls to this destination country."}'),
        }),
      ),
    )
    expect(status).toBe(403)
    expect(body.type).toBe('about:blank')
    expect(body.detail).toBe(
      'The voice service answered 403 Forbidden: "Your plan does not allow calls to this destination country."',
    )
  })
})
