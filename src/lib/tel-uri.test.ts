import { describe, expect, it } from 'vitest'
import { numberOfTelUri } from './tel-uri'

describe('numberOfTelUri', () => {
  it.each([
    ['tel:+1-415-555-0100', '+14155550100'],
    ['tel:+1-415-555-0100;ext=12', '+14155550100'],
    ['TEL:+44.20.7183.8750', '+442071838750'],
    ['tel:+1(415)555-0100;isub=1411;phone-context=example.com', '+14155550100'],
    ['tel:%2B1%20415%20555%200100', '+14155550100'],
    ['tel%3A%2B1-415-555-0100%3Bext%3D12', '+14155550100'],
    ['tel://+14155550100', '+14155550100'],
    ['  tel:+1 415 555 0100  ', '+14155550100'],
    ['+1 415 555 0100', '+14155550100'],
  ])('reads %s as %s', (uri, number) => {
    expect(numberOfTelUri(uri)).toBe(number)
  })

  it('puts a local number in its global context, and keeps one in a domain’s context local', () => {
    expect(numberOfTelUri('tel:415-555-0100;phone-context=+1')).toBe('+14155550100')
    expect(numberOfTelUri('tel:7042;phone-context=example.com')).toBe('7042')
  })

  it('leaves a bad escape and letters for the phone check to refuse', () => {
    expect(numberOfTelUri('tel:+1-415-%zz')).toBe('+1415%zz')
    expect(numberOfTelUri('tel:call-me')).toBe('callme')
    expect(numberOfTelUri('tel:')).toBe('')
  })
})
