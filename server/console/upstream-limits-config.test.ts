// The limits on the voice service's answers, as the environment sets them: within the browser's own wait.
import { describe, expect, it } from 'vitest'
import { BROWSER_TIMEOUT_MS } from '../../src/api/contract/time-limits'
import { loadConsoleConfig } from './config'

describe('CONSOLE_UPSTREAM_TIMEOUT_MS and CONSOLE_RECORDING_IDLE_MS', () => {
  it('default to 10 s for a whole answer and 30 s between chunks of a recording', () => {
    expect(loadConsoleConfig({})).toMatchObject({ upstreamTimeoutMs: 10_000, recordingIdleMs: 30_000 })
  })

  it('take a value, and refuse a limit the browser would not wait for', () => {
    expect(loadConsoleConfig({ CONSOLE_UPSTREAM_TIMEOUT_MS: '2000' }).upstreamTimeoutMs).toBe(2_000)
    expect(() => loadConsoleConfig({ CONSOLE_UPSTREAM_TIMEOUT_MS: String(BROWSER_TIMEOUT_MS) })).toThrow(
      /CONSOLE_UPSTREAM_TIMEOUT_MS: must be at most 12000/,
    )
    expect(() => loadConsoleConfig({ CONSOLE_RECORDING_IDLE_MS: '10' })).toThrow(/CONSOLE_RECORDING_IDLE_MS/)
  })
})
