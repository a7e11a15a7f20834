// Recordings kept on another origin than the voice API, as the quirks upstream keeps them: the console
// serves them through /storage-proxy with no storage setting, never with the key, and names the setting
// when an origin is not one it serves. The audit trail counts plays and downloads as on /storage/.
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditAction } from '../../../src/api/contract/audit-schemas'
import { consoleRecordingUrl } from '../../../src/api/contract/recording-links'
import { createTestConsole, expectProblem, PUBLIC_ORIGIN, type TestConsole } from '../test-support/console-app'
import { QUIRK_CALL_IDS } from '../test-support/quirks-catalogue'
import { type QuirksUpstream, startQuirksUpstream, toneWav } from '../test-support/quirks-upstream'
import { type StandIn, startStandIn } from '../test-support/stand-in-upstream'

const KEY = 'quirks-key-never-for-storage'
let upstream: QuirksUpstream
let elsewhere: StandIn

beforeAll(async () => {
  upstream = await startQuirksUpstream()
  // A storage host of its own, for what the quirks upstream's storage never does: redirects and HTML.
  elsewhere = await startStandIn(
    new Hono()
      .get('/moved/away.wav', (c) => c.redirect(`${upstream.storageUrl}/recordings/${QUIRK_CALL_IDS.recorded}.wav`))
      .get('/moved/near.wav', (c) => c.redirect('/recordings/call_near.wav?signature=s'))
      .get('/recordings/call_near.wav', (c) => c.body(new Uint8Array(toneWav(1)), 200, { 'content-type': 'audio/wav' }))
      .get('/page.html', (c) => c.html('<script>alert(1)</script>'))
      // Storage errors as hosts write them: plain text that repeats what it was given, an XML document.
      .get('/recordings/call_expired.wav', (c) => c.text(`The link for ${KEY} expired. Ask again.`, 401))
      .get('/recordings/call_gone.wav', (c) =>
        c.body('<?xml version="1.0"?><Error><Code>NoSuchKey</Code></Error>', 404, {
          'content-type': 'application/xml',
        }),
      ),
  )
})
afterAll(async () => {
  await elsewhere?.close()
  await upstream?.close()
})

async function consoleWith(overrides: Parameters<typeof createTestConsole>[0] = {}) {
  const t = await createTestConsole({
    upstream: upstream.url,
    apiKey: KEY,
    // The quirks upstream keeps its recordings on loopback: CONSOLE_STORAGE_ALLOW_PRIVATE=on.
    storageOrigins: { origins: [], learn: true, learnPrivate: true },
    ...overrides,
  })
  await t.addUser('support@example.com', 'support')
  return { t, cookie: await t.signIn('support@example.com') }
}

/** The recording link the service hands out, read through the console (which is how it learns its origin). */
async function recordingLink(t: TestConsole, cookie: string): Promise<string> {
  const res = await t.request(`/api/v1/voice/calls/${QUIRK_CALL_IDS.recorded}/recordings`, { cookie })
  expect(res.status).toBe(200)
  const { recordings } = (await res.json()) as { recordings: { url: string }[] }
  return recordings[0]?.url ?? ''
}

/** The path and query of the console URL the player fetches for a link. */
function proxied(link: string, playId?: string): string {
  const url = new URL(consoleRecordingUrl(link, PUBLIC_ORIGIN) ?? '')
  expect(url.origin).toBe(PUBLIC_ORIGIN)
  return `${url.pathname}${url.search}${playId ? `&console_play=${playId}` : ''}`
}

const entriesOf = (t: TestConsole, action: AuditAction) => t.store.audit.page({ action }, 100)

describe('a recording on another origin', () => {
  it('plays through the console with no storage setting, never with the key, a play audited once', async () => {
    const { t, cookie } = await consoleWith()
    // Before the service named its storage in an answer the console relayed, that origin is not served.
    const known = `${upstream.storageUrl}/recordings/${QUIRK_CALL_IDS.recorded}.wav?signature=quirks`
    await expectProblem(await t.request(proxied(known), { cookie }), 403)
    const link = await recordingLink(t, cookie)
    expect(link).toBe(known)
    expect(new URL(link).origin).toBe(upstream.storageUrl)
    expect(new URL(link).origin).not.toBe(new URL(upstream.url).origin)

    const fetchAs = async (playId?: string) => {
      const res = await t.request(proxied(link, playId), {
        cookie,
        // A key the browser might send is not passed on either.
        headers: { authorization: 'Bearer from-the-browser' },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('audio/wav')
      return Buffer.from(await res.arrayBuffer())
    }
    expect((await fetchAs('aaaaaaaa11111111')).equals(toneWav(3))).toBe(true)
    await fetchAs('aaaaaaaa11111111')
    const seen = upstream.storageSeen.slice(-2)
    expect(seen.map((s) => s.request)).toEqual([
      `GET /recordings/${QUIRK_CALL_IDS.recorded}.wav?signature=quirks`,
      `GET /recordings/${QUIRK_CALL_IDS.recorded}.wav?signature=quirks`,
    ])
    for (const { headers } of seen) {
      // A storage host may serve by name (virtual-hosted buckets): it is asked for its own host.
      expect(headers.host).toBe(new URL(upstream.storageUrl).host)
      expect(headers.authorization).toBeUndefined()
      expect(headers.cookie).toBeUndefined()
      expect(JSON.stringify(headers)).not.toContain(KEY)
    }

    const plays = await entriesOf(t, 'recording.played')
    expect(plays.map((e) => [e.actor_email, e.target, JSON.parse(e.detail ?? '{}').playId])).toEqual([
      ['support@example.com', QUIRK_CALL_IDS.recorded, 'aaaaaaaa11111111'],
    ])
    // Without a play id: a download, each time.
    await fetchAs()
    await fetchAs()
    const downloads = await entriesOf(t, 'recording.downloaded')
    expect(downloads.map((e) => [e.actor_email, e.target])).toEqual([
      ['support@example.com', QUIRK_CALL_IDS.recorded],
      ['support@example.com', QUIRK_CALL_IDS.recorded],
    ])
    expect(await entriesOf(t, 'recording.played')).toHaveLength(1)
    // The signed query never reaches the request log.
    expect(t.lines.join('\n')).not.toContain('signature=quirks')
  })

  it('plays whether or not the storage host sends CORS headers: the browser never fetches it', async () => {
    const { t, cookie } = await consoleWith()
    const link = await recordingLink(t, cookie)
    for (const storageCors of [false, true]) {
      upstream.set({ storageCors })
      const res = await t.request(proxied(link, 'bbbbbbbb22222222'), { cookie })
      expect(res.status).toBe(200)
      // Storage's own CORS is not passed on: the answer is the console's, same-origin.
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      await res.arrayBuffer()
    }
    upstream.reset()
  })

  it('refuses an origin the console does not serve, naming the setting, and asks nothing of it', async () => {
    const { t, cookie } = await consoleWith()
    const before = elsewhere.seen.length
    // Not in any answer the console relayed, nor configured.
    const res = await t.request(proxied(`${elsewhere.url}/recordings/call_near.wav?signature=s`, 'cccccccc33333333'), {
      cookie,
    })
    const body = (await expectProblem(res, 403)) as { detail: string; setting?: string; origin?: string }
    expect(body.detail).toBe(
      `This recording is kept at ${elsewhere.url}; the console serves recordings only from ${upstream.url}. ` +
        'Ask an admin to add it to CONSOLE_STORAGE_ORIGINS.',
    )
    expect(body).toMatchObject({ setting: 'CONSOLE_STORAGE_ORIGINS', origin: elsewhere.url })
    expect(elsewhere.seen.length).toBe(before)
    expect(await entriesOf(t, 'recording.downloaded')).toEqual([])
    // Nor does a role refusal go on the audit trail for it: the person may read calls.
    expect(await entriesOf(t, 'request.forbidden')).toEqual([])
  })

  it('with a list and no auto, serves only what the list names, whatever the service hands out', async () => {
    const locked = await consoleWith({ storageOrigins: { origins: [], learn: false } })
    const link = await recordingLink(locked.t, locked.cookie)
    const refused = await expectProblem(await locked.t.request(proxied(link), { cookie: locked.cookie }), 403)
    expect(refused.detail).toContain(`kept at ${upstream.storageUrl}`)

    const listed = await consoleWith({ storageOrigins: { origins: [upstream.storageUrl], learn: false } })
    const served = await listed.t.request(proxied(await recordingLink(listed.t, listed.cookie)), {
      cookie: listed.cookie,
    })
    expect(served.status).toBe(200)
    await served.arrayBuffer()
  })

  it('does not learn an origin on a private address the service names, unless the setting allows it', async () => {
    const { t, cookie } = await consoleWith({ storageOrigins: { origins: [], learn: true } })
    const link = await recordingLink(t, cookie)
    const before = upstream.storageSeen.length
    const refused = await expectProblem(await t.request(proxied(link), { cookie }), 403)
    expect(refused.detail).toContain(`kept at ${upstream.storageUrl}`)
    expect(upstream.storageSeen.length).toBe(before)
    expect(t.lines.join('\n')).toContain('is a loopback address')
  })

  it("serves the voice API's own origin only at recording links, never its other paths", async () => {
    const { t, cookie } = await consoleWith()
    const before = upstream.seen.length
    for (const path of ['/v1/calls', '/v1/account/usage', `/storage/recordings/${QUIRK_CALL_IDS.recorded}.wav`]) {
      const res = await t.request(proxied(`${upstream.url}${path}`), { cookie })
      const body = (await expectProblem(res, 403)) as { detail: string; origin?: string }
      expect(body.detail, path).toContain('only the recording links the voice service gave')
      expect(body.origin).toBe(upstream.url)
    }
    // Nothing reached the service: above all, never with its key.
    expect(upstream.seen.length).toBe(before)
  })

  it('follows a redirect within the storage origin only, and serves nothing but audio as such', async () => {
    const { t, cookie } = await consoleWith({ storageOrigins: { origins: [elsewhere.url], learn: false } })
    const near = await t.request(proxied(`${elsewhere.url}/moved/near.wav`), { cookie })
    expect(near.status).toBe(200)
    expect(Buffer.from(await near.arrayBuffer()).equals(toneWav(1))).toBe(true)

    const storageRequests = upstream.storageSeen.length
    const away = await expectProblem(await t.request(proxied(`${elsewhere.url}/moved/away.wav`), { cookie }), 502)
    expect(away.detail).toBe(
      `The storage host sent the recording on to ${upstream.storageUrl}, another origin; the console does not follow it there.`,
    )
    expect(upstream.storageSeen.length).toBe(storageRequests)

    const html = await t.request(proxied(`${elsewhere.url}/page.html`), { cookie })
    expect(html.headers.get('content-type')).toBe('application/octet-stream')
    expect(html.headers.get('x-content-type-options')).toBe('nosniff')
    await html.arrayBuffer()
  })

  it("answers a storage host's error as a problem in words, never its bytes, a 401 or a secret", async () => {
    const { t, cookie } = await consoleWith({ storageOrigins: { origins: [elsewhere.url], learn: false } })
    const expired = await expectProblem(
      await t.request(proxied(`${elsewhere.url}/recordings/call_expired.wav?signature=s`), { cookie }),
      502,
    )
    expect(expired.detail).toBe(
      'The storage host of the recording answered 401 Unauthorized: "The link for [redacted] expired." Reload the call for a fresh link.',
    )
    const gone = await expectProblem(
      await t.request(proxied(`${elsewhere.url}/recordings/call_gone.wav?signature=s`), { cookie }),
      404,
    )
    expect(gone.detail).toBe('The storage host of the recording answered 404 Not Found.')
  })

  it('answers a missing or odd link with a 400, and nobody signed in with a 401', async () => {
    const { t, cookie } = await consoleWith()
    for (const query of [
      '',
      '?url=',
      '?url=javascript%3Aalert(1)',
      `?url=${encodeURIComponent('http://u:p@127.0.0.1/x.wav')}`,
    ]) {
      const body = await expectProblem(await t.request(`/storage-proxy${query}`, { cookie }), 400)
      expect(body.title).toBe('Not a recording link')
    }
    const link = await recordingLink(t, cookie)
    await expectProblem(await t.request(proxied(link)), 401)
    // Never the console itself, whatever the settings say: its own links play from /storage/.
    const self = await consoleWith({ storageOrigins: { origins: [PUBLIC_ORIGIN], learn: true } })
    const own = `/storage-proxy?url=${encodeURIComponent(`${PUBLIC_ORIGIN}/storage/recordings/call_1.wav`)}`
    await expectProblem(await self.t.request(own, { cookie: self.cookie }), 403)
    await expectProblem(await t.request(proxied(link), { cookie, method: 'POST', json: {} }), 405)
  })
})
