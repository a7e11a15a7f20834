// Whose doing an alert email says it is: the person who put the address on the channel, as they were then.
import { describe, expect, it } from 'vitest'
import { alertEmail, testPayload } from './alert-message'

describe('alertEmail', () => {
  it('names who added the address, in the text and the escaped HTML, for a test as for a firing', () => {
    const payload = testPayload('Ops mail', 'https://console.example.com', Date.parse('2026-12-06T10:00:00Z'))
    const mail = alertEmail(payload, ['ops@example.com'], { email: 'ana.pérez@example.com', role: 'manager' })
    expect(mail.text).toContain('because ana.pérez@example.com (manager) added this address')
    expect(mail.html).toContain('because ana.pérez@example.com (manager) added this address')
    expect(mail.text).not.toContain('an admin')
  })

  it('says a manager or an admin did for a channel added before the console kept who', () => {
    const payload = testPayload('Ops mail', 'https://console.example.com', 0)
    expect(alertEmail(payload, ['ops@example.com'], null).text).toContain(
      'because a manager or an admin added this address',
    )
  })
})
