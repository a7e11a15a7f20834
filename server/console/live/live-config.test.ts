import { describe, expect, it } from 'vitest'
import { loadConsoleConfig } from '../config'

describe("the status hub's settings", () => {
  it('default to a poll a second within 10 upstream requests a second', () => {
    expect(loadConsoleConfig({}).live).toMatchObject({ pollMs: 1_000, upstreamRps: 10, enabled: true })
    expect(loadConsoleConfig({ CONSOLE_UPSTREAM_RPS: '4', CONSOLE_LIVE_POLL_MS: '2500' }).live).toMatchObject({
      pollMs: 2_500,
      upstreamRps: 4,
      enabled: true,
    })
  })

  it('cap what one person holds: 4 streams and 40 watched ids unless set', () => {
    expect(loadConsoleConfig({}).live).toMatchObject({ streamsPerPerson: 4, watchedPerPerson: 40 })
    const set = loadConsoleConfig({ CONSOLE_LIVE_STREAMS_PER_PERSON: '2', CONSOLE_LIVE_WATCHED_PER_PERSON: '10' })
    expect(set.live).toMatchObject({ streamsPerPerson: 2, watchedPerPerson: 10 })
    expect(() => loadConsoleConfig({ CONSOLE_LIVE_STREAMS_PER_PERSON: '0' })).toThrow(/CONSOLE_LIVE_STREAMS_PER_PERSON/)
  })

  it('turn the hub and the index off only when asked, and refuse anything but on or off', () => {
    expect(loadConsoleConfig({}).callIndex.enabled).toBe(true)
    const off = loadConsoleConfig({ CONSOLE_LIVE: 'off', CONSOLE_INDEX: 'off' })
    expect([off.live.enabled, off.callIndex.enabled]).toEqual([false, false])
    expect(() => loadConsoleConfig({ CONSOLE_LIVE: 'no' })).toThrow(/CONSOLE_LIVE/)
  })

  it('refuse a budget or an interval that could not work, naming the variable', () => {
    expect(() => loadConsoleConfig({ CONSOLE_UPSTREAM_RPS: '0' })).toThrow(/CONSOLE_UPSTREAM_RPS/)
    expect(() => loadConsoleConfig({ CONSOLE_UPSTREAM_RPS: '2.5' })).toThrow(/CONSOLE_UPSTREAM_RPS/)
    expect(() => loadConsoleConfig({ CONSOLE_LIVE_POLL_MS: '10' })).toThrow(/CONSOLE_LIVE_POLL_MS/)
  })
})
