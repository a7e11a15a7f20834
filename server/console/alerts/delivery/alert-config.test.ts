// The alert channels' settings as the console reads them from the environment.
import { describe, expect, it } from 'vitest'
import { loadConsoleConfig } from '../../config'

describe('alert channel settings', () => {
  it('are off by default: no email, no private receivers', () => {
    expect(loadConsoleConfig({}).alertChannels).toEqual({ smtp: null, allowPrivate: false })
  })

  it('read SMTP, its From and the private-receiver switch', () => {
    const config = loadConsoleConfig({
      CONSOLE_SMTP_URL: 'smtps://alerts:secret@smtp.example.com:465',
      CONSOLE_ALERT_EMAIL_FROM: 'Voice Dashboard <alerts@example.com>',
      CONSOLE_WEBHOOK_ALLOW_PRIVATE: 'on',
    })
    expect(config.alertChannels).toEqual({
      smtp: { smtpUrl: 'smtps://alerts:secret@smtp.example.com:465', from: 'Voice Dashboard <alerts@example.com>' },
      allowPrivate: true,
    })
  })

  it('refuse SMTP without a From, another scheme, or an unknown switch, naming the setting', () => {
    expect(() => loadConsoleConfig({ CONSOLE_SMTP_URL: 'smtp://smtp.example.com:587' })).toThrow(
      /CONSOLE_ALERT_EMAIL_FROM/,
    )
    expect(() =>
      loadConsoleConfig({ CONSOLE_SMTP_URL: 'http://smtp.example.com', CONSOLE_ALERT_EMAIL_FROM: 'a@b.co' }),
    ).toThrow(/CONSOLE_SMTP_URL/)
    expect(() => loadConsoleConfig({ CONSOLE_WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(/CONSOLE_WEBHOOK_ALLOW_PRIVATE/)
  })
})
