// The console's own reads of the voice API (the live hub's, the call index's, the usage alerts'), against a
// service we did not write: what each kind of answer becomes, each counted once for the metrics, and a read under
// way ends as soon as the console closes rather than at its timeout.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { account } from '../../../src/api/contract/schemas'
import { type QuirksUpstream, startQuirksUpstream } from '../test-support/quirks-upstream'
import { createUpstreamGet } from './upstream-get'

let quirks: QuirksUpstream
beforeAll(async () => {
  quirks = await startQuirksUpstream()
})
beforeEach(() => quirks.reset())
afterAll(() => quirks?.close())

function reader(timeoutMs = 10_000) {
  const answers: (number | null)[] = []
  const upstream = createUpstreamGet({
    upstream: quirks.url,
    apiKey: 'quirks-key',
    timeoutMs,
    onAnswer: (status) => answers.push(status),
  })
  return { ...upstream, answers }
}

describe("the console's own reads of the voice API", () => {
  it('runs many reads at once without a "possible memory leak" warning on stderr', async () => {
    const warnings: string[] = []
    const warned = (warning: Error) => warnings.push(warning.name)
    process.on('warning', warned)
    try {
      const { get } = reader()
      const answers = await Promise.all(Array.from({ length: 24 }, () => get('/account', account)))
      expect(answers.map((answer) => answer.kind)).toEqual(Array(24).fill('ok'))
      // Node emits the warning on the next turn of the loop.
      await new Promise((resolve) => setImmediate(resolve))
      expect(warnings).not.toContain('MaxListenersExceededWarning')
    } finally {
      process.off('warning', warned)
    }
  })

  it('reads an answer the contract describes, with the key, counted once', async () => {
    const { get, answers } = reader()
    const answer = await get('/account', account)
    expect(answer).toMatchObject({ kind: 'ok', body: { client_id: expect.any(String) } })
    expect(answers).toEqual([200])
    expect(quirks.seen.at(-1)).toBe('GET /api/v1/voice/account')
  })

  it("takes a 429's Retry-After, and names any other failure by its status", async () => {
    const { get, answers } = reader()
    quirks.set({ rateLimit: { paths: '/account', retryAfterSeconds: 7 } })
    expect(await get('/account', account)).toEqual({ kind: 'rate-limited', retryAfterMs: 7_000 })
    quirks.set({ rateLimit: null, outage: true })
    expect(await get('/account', account)).toEqual({ kind: 'failed', reason: 'answered 500' })
    expect(answers).toEqual([429, 500])
  })

  it('gives up on an answer whose headers or body never come, at its timeout', async () => {
    const { get, answers } = reader(300)
    quirks.set({ hang: { paths: '/account', what: 'headers' } })
    expect(await get('/account', account)).toEqual({ kind: 'failed', reason: 'timeout' })
    quirks.set({ hang: { paths: '/account', what: 'body' } })
    expect(await get('/account', account)).toEqual({ kind: 'failed', reason: 'timeout' })
    // No answer, then an answer that began (counted when its headers came).
    expect(answers).toEqual([null, 200])
  })

  it('ends a read under way as soon as it is closed, and reads nothing after', async () => {
    const { get, close } = reader(60_000)
    quirks.set({ hang: { paths: '/account', what: 'headers' } })
    const started = performance.now()
    const pending = get('/account', account)
    setTimeout(close, 100)
    expect(await pending).toEqual({ kind: 'failed', reason: 'unreachable' })
    expect(performance.now() - started).toBeLessThan(10_000)
    quirks.reset()
    const asked = quirks.seen.length
    expect(await get('/account', account)).toEqual({ kind: 'failed', reason: 'unreachable' })
    expect(quirks.seen).toHaveLength(asked)
  })
})
