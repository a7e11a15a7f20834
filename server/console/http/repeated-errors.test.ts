// Folding repeated errors: the first line at once, then a count an interval, and a new episode after a quiet one.
import { describe, expect, it } from 'vitest'
import { foldRepeatedErrors } from './repeated-errors'
import { createLogger } from './request-log'

function folded() {
  const lines: Record<string, unknown>[] = []
  const logger = createLogger('json', (line) => {
    lines.push(JSON.parse(line))
  })
  // An interval that never comes in the test: it flushes by hand.
  return { lines, log: foldRepeatedErrors(logger, 3_600_000) }
}

describe('repeated errors', () => {
  it('are written once, then as one line with their count, with the last one’s fields', () => {
    const { lines, log } = folded()
    for (let i = 0; i < 540; i++) log.error({ msg: 'store unreachable', route: `/r${i}` })
    log.error({ msg: 'session sweep failed' })
    expect(lines.map((line) => [line.msg, line.route, line.repeated])).toEqual([
      ['store unreachable', '/r0', undefined],
      ['session sweep failed', undefined, undefined],
    ])
    log.flush()
    expect(lines.slice(2)).toEqual([
      expect.objectContaining({ level: 'error', msg: 'store unreachable', route: '/r539', repeated: 539 }),
    ])
    log.close()
  })

  it('start a new episode after an interval without one, and leave info lines alone', () => {
    const { lines, log } = folded()
    log.error({ msg: 'store unreachable' })
    log.error({ msg: 'store unreachable' })
    log.flush()
    log.flush()
    log.error({ msg: 'store unreachable' })
    log.info({ msg: 'request' })
    log.info({ msg: 'request' })
    log.close()
    expect(lines.map((line) => [line.msg, line.repeated])).toEqual([
      ['store unreachable', undefined],
      ['store unreachable', 1],
      ['store unreachable', undefined],
      ['request', undefined],
      ['request', undefined],
    ])
  })
})
