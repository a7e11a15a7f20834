import { describe, expect, it } from 'vitest'
import { timeZoneParam } from './time-zone-param'

describe('timeZoneParam', () => {
  it('accepts the zones Intl knows: IANA names and UTC', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kathmandu', 'UTC']) {
      expect(timeZoneParam.safeParse(zone).success).toBe(true)
    }
  })

  it('refuses a zone Intl does not know, in words that say what to send', () => {
    const result = timeZoneParam.safeParse('Mars/Olympus')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Use an IANA time zone such as Europe/Berlin, or UTC.')
  })
})
