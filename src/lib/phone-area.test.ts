import { describe, expect, it } from 'vitest'
import { phoneArea } from './phone-area'

describe('phoneArea', () => {
  it.each([
    ['+14155550100', 'US', '1', '415'],
    ['+16135550100', 'CA', '1', '613'],
    ['+442071838750', 'GB', '44', '20'],
    ['+441612345678', 'GB', '44', '161'],
    ['+4930123456', 'DE', '49', '30'],
    ['+33142685300', 'FR', '33', '1'],
  ])('finds where %s rings: %s, +%s, area %s', (e164, country, callingCode, areaCode) => {
    expect(phoneArea(e164)).toEqual({ country, callingCode, areaCode })
  })

  it('has nothing for a number that is not valid', () => {
    expect(phoneArea('+1415555')).toBeNull()
    expect(phoneArea('4155550100')).toBeNull()
    expect(phoneArea('')).toBeNull()
  })
})
