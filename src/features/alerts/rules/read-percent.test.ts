import { describe, expect, it } from 'vitest'
import { alertRuleInput } from '@/api/contract/alert-schemas'
import { readPercent } from './read-percent'

describe('readPercent', () => {
  it('reads a whole number the contract accepts', () => {
    const read = readPercent(' 80 ')
    expect(read).toEqual({ percent: 80 })
    if ('percent' in read) {
      expect(alertRuleInput.safeParse({ kind: 'usage-percent', percent: read.percent, enabled: true }).success).toBe(
        true,
      )
    }
  })

  it('says what is wrong, with the contract’s own bounds', () => {
    expect(readPercent('')).toEqual({ error: 'Enter a percentage from 1 to 1000.' })
    expect(readPercent('80.5')).toEqual({ error: 'Use a whole number, such as 80.' })
    expect(readPercent('0')).toEqual({ error: 'Use 1% or more.' })
    expect(readPercent('1001')).toEqual({ error: 'Use 1000% or less.' })
    expect(alertRuleInput.safeParse({ kind: 'usage-percent', percent: 1001, enabled: true }).success).toBe(false)
  })
})
