// The operations settings: validated at start, with the setting's name in the message.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConsoleConfig } from '../config'
import { DEFAULT_DRAIN } from './drain'

describe('operations settings', () => {
  it('has metrics off and a 3 s grace, 20 s timeout unless told', () => {
    expect(loadConsoleConfig({}).ops).toEqual({ metricsToken: null, drain: DEFAULT_DRAIN })
    expect(DEFAULT_DRAIN).toEqual({ graceMs: 3_000, timeoutMs: 20_000 })
  })

  it('ships an nginx example that closes idle connections before an instance does, and within its grace', () => {
    const example = readFileSync(new URL('../../../deploy/nginx/console.conf', import.meta.url), 'utf8')
    const upstream = /upstream console \{[^}]*\}/.exec(example)?.[0] ?? ''
    const idle = /^\s*keepalive_timeout (\d+)s;/m.exec(upstream)?.[1]
    expect(idle, 'keepalive_timeout in the upstream block').toBeDefined()
    // Shorter than both, by at least a second: timers on a loaded machine fire late.
    expect(Number(idle) * 1_000).toBeLessThanOrEqual(loadConsoleConfig({}).network.keepAliveTimeoutMs - 1_000)
    expect(Number(idle) * 1_000).toBeLessThanOrEqual(DEFAULT_DRAIN.graceMs - 1_000)
  })

  it('reads the token from the setting or its file, and refuses a short one', () => {
    expect(loadConsoleConfig({ CONSOLE_METRICS_TOKEN: 'a-long-enough-token-1234' }).ops.metricsToken).toBe(
      'a-long-enough-token-1234',
    )
    const file = join(mkdtempSync(join(tmpdir(), 'metrics-token-')), 'token')
    writeFileSync(file, 'token-from-a-file-0123456789\n')
    expect(loadConsoleConfig({ CONSOLE_METRICS_TOKEN_FILE: file }).ops.metricsToken).toBe(
      'token-from-a-file-0123456789',
    )
    expect(() => loadConsoleConfig({ CONSOLE_METRICS_TOKEN: 'short' })).toThrow(/CONSOLE_METRICS_TOKEN: .*16/)
    writeFileSync(file, 'short\n')
    expect(() => loadConsoleConfig({ CONSOLE_METRICS_TOKEN_FILE: file })).toThrow(/CONSOLE_METRICS_TOKEN_FILE/)
  })

  it('takes the drain’s waits within bounds', () => {
    expect(loadConsoleConfig({ CONSOLE_DRAIN_GRACE_MS: '0', CONSOLE_DRAIN_TIMEOUT_MS: '5000' }).ops.drain).toEqual({
      graceMs: 0,
      timeoutMs: 5_000,
    })
    expect(() => loadConsoleConfig({ CONSOLE_DRAIN_GRACE_MS: '-1' })).toThrow(/CONSOLE_DRAIN_GRACE_MS/)
    expect(() => loadConsoleConfig({ CONSOLE_DRAIN_GRACE_MS: '120000' })).toThrow(/CONSOLE_DRAIN_GRACE_MS/)
    expect(() => loadConsoleConfig({ CONSOLE_DRAIN_TIMEOUT_MS: 'soon' })).toThrow(/CONSOLE_DRAIN_TIMEOUT_MS/)
  })
})
