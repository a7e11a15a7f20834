import { describe, expect, it } from 'vitest'
import { formatDuration, formatMetadataValue, formatYesNo, pluralize } from './format'

describe('formatDuration', () => {
  it('writes seconds as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00')
    expect(formatDuration(7)).toBe('0:07')
    expect(formatDuration(65)).toBe('1:05')
    expect(formatDuration(3599)).toBe('59:59')
    expect(formatDuration(3725)).toBe('62:05')
  })
  it('shows a dash while the duration is unknown', () => {
    expect(formatDuration(null)).toBe('—')
    expect(formatDuration(undefined)).toBe('—')
    expect(formatDuration(-1)).toBe('—')
    expect(formatDuration(Number.NaN)).toBe('—')
  })
})

describe('other formats', () => {
  it('formats booleans, metadata values and counts as text', () => {
    expect(formatYesNo(true)).toBe('Yes')
    expect(formatYesNo(false)).toBe('No')
    expect(formatMetadataValue('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>')
    expect(formatMetadataValue(null)).toBe('null')
    expect(formatMetadataValue(3.5)).toBe('3.5')
    expect(formatMetadataValue(false)).toBe('false')
    expect(pluralize(1, 'minute')).toBe('1 minute')
    expect(pluralize(0, 'minute')).toBe('0 minutes')
  })
})
