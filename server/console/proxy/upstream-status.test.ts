// The admin's check of the voice service, against a service we did not write (the quirks upstream): each state
// in words, and a service that never answers is "could not be reached" within the check's limit, not a page
// that waits for good.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { freePort } from '../test-support/free-port'
import { type QuirksUpstream, startQuirksUpstream } from '../test-support/quirks-upstream'
import { checkUpstream } from './upstream-status'

let quirks: QuirksUpstream
beforeAll(async () => {
  quirks = await startQuirksUpstream()
})
beforeEach(() => quirks.reset())
afterAll(() => quirks?.close())

describe('the upstream check', () => {
  it('says whom the key connects as', async () => {
    const status = await checkUpstream(quirks.url, 'quirks-key')
    expect(status).toMatchObject({ state: 'connected', clientId: expect.any(String) })
    expect(status.message).toBe(`Connected to the voice service as ${status.clientId}.`)
  })

  it('asks for a key when none is configured, without asking the service', async () => {
    const asked = quirks.seen.length
    expect(await checkUpstream(quirks.url, null)).toMatchObject({ state: 'no-key', clientId: null })
    expect(quirks.seen).toHaveLength(asked)
  })

  it('says the key was refused', async () => {
    quirks.set({ keyRefused: true })
    expect(await checkUpstream(quirks.url, 'quirks-key')).toEqual({
      state: 'key-refused',
      clientId: null,
      message: 'The voice service refused the configured API key.',
    })
  })

  it('names the status of any other failure', async () => {
    quirks.set({ outage: true })
    expect(await checkUpstream(quirks.url, 'quirks-key')).toEqual({
      state: 'error',
      clientId: null,
      message: 'The voice service answered 500.',
    })
  })

  it('says the service could not be reached when nothing listens, or nothing answers in time', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`
    expect(await checkUpstream(nobody, 'quirks-key')).toMatchObject({
      state: 'unreachable',
      message: `The voice service at ${nobody} could not be reached.`,
    })
    quirks.set({ hang: { paths: '/account', what: 'headers' } })
    const started = performance.now()
    expect(await checkUpstream(quirks.url, 'quirks-key', 300)).toMatchObject({ state: 'unreachable' })
    expect(performance.now() - started).toBeLessThan(10_000)
  })
})
