import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../../server/shared/test-support/eventually'
import { formatPhone } from './phone-format'
import { loadPhoneFormats, loadRememberedPhoneFormats } from './phone-format-loading'

const STORAGE_KEY = 'voice-dashboard.phone-format-groups'

afterEach(() => localStorage.removeItem(STORAGE_KEY))

describe('loadPhoneFormats', () => {
  it('resolves once the page’s formatter has the formats of the numbers given', async () => {
    await loadPhoneFormats(['+81312345678', null, '+5511987654321', 'ticket', '+0123'])
    expect(formatPhone('+81312345678')).toBe('+81 3 1234 5678')
    expect(formatPhone('+5511987654321')).toBe('+55 11 98765 4321')
  })

  it('resolves for anything that is not a number, fetching nothing', async () => {
    await expect(loadPhoneFormats(['', 'ticket', '+0123', undefined])).resolves.toBeUndefined()
  })
})

describe('loadRememberedPhoneFormats', () => {
  it('fetches the groups this browser remembers, without being awaited', async () => {
    localStorage.setItem(STORAGE_KEY, '7')
    expect(loadRememberedPhoneFormats()).toBeUndefined()
    await eventually(() => expect(formatPhone('+74951234567')).toBe('+7 495 123 45 67'))
  })
})
