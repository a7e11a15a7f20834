// CONSOLE_LIVE_MAX_STREAMS reaches the hub: `npm run bench:live` opens more streams than the default serves.
import { describe, expect, it } from 'vitest'
import { loadConsoleConfig } from './config'
import { createConsoleLiveHub } from './live/console-live-hub'
import { openTestStore } from './test-support/test-store'

describe('CONSOLE_LIVE_MAX_STREAMS', () => {
  it('is the hub’s default unless set, and refuses what could not work', () => {
    expect(loadConsoleConfig({}).live.maxStreams).toBeUndefined()
    expect(loadConsoleConfig({ CONSOLE_LIVE_MAX_STREAMS: '1100' }).live.maxStreams).toBe(1_100)
    expect(() => loadConsoleConfig({ CONSOLE_LIVE_MAX_STREAMS: '0' })).toThrow(/CONSOLE_LIVE_MAX_STREAMS/)
  })

  it('caps the hub’s streams', async () => {
    const store = await openTestStore()
    const hub = createConsoleLiveHub({
      upstream: 'http://127.0.0.1:9',
      apiKey: 'key',
      store,
      live: { pollMs: 1_000, upstreamRps: 10, maxStreams: 2 },
    })
    if (!hub) throw new Error('no hub')
    const viewer = () => ({ send: () => {}, end: () => {} })
    try {
      const answers = ['ada', 'bo', 'cy'].map((person) => hub.subscribe([], viewer(), person))
      expect(answers.map((answer) => (typeof answer === 'string' ? answer : 'served'))).toEqual([
        'served',
        'served',
        'hub-full',
      ])
    } finally {
      hub.close()
      await store.close()
    }
  })
})
