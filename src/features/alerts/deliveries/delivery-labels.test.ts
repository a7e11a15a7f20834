import { describe, expect, it } from 'vitest'
import { eventLabel, responseStatusText } from './delivery-labels'

describe('delivery labels', () => {
  it('names the three events and keeps any other as sent', () => {
    expect(eventLabel('alert.fired')).toBe('Alert')
    expect(eventLabel('alert.test')).toBe('Test')
    expect(eventLabel('audit.head')).toBe('Audit head')
    expect(eventLabel('alert.resolved')).toBe('alert.resolved')
  })

  it('says which protocol answered, and when nothing did', () => {
    expect(responseStatusText({ responseStatus: 204, channelKind: 'webhook' })).toBe('204')
    expect(responseStatusText({ responseStatus: 250, channelKind: 'email' })).toBe('250 (SMTP)')
    expect(responseStatusText({ responseStatus: null, channelKind: 'webhook' })).toBe('No answer')
  })
})
