// Settings that used to fail silently: each is now an error or a warning that names the setting.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConsoleConfig } from './config'
import { settingWarnings } from './config-warnings'

const SMTP = { CONSOLE_SMTP_URL: 'smtp://relay.example.com:587' }

describe('a misspelt setting', () => {
  it('is a warning naming the setting it most likely meant; the simulator’s and the tests’ own are left alone', () => {
    expect(
      settingWarnings({
        CONSOLE_DATABSE_URL: 'postgres://console@db/console',
        VOICE_API_KEY_FIEL: '/run/secrets/key',
        CONSOLE_DB: '/var/lib/console/console.sqlite',
        VOICE_SIM_ACME_KEY: 'k',
        CONSOLE_TEST_NGINX: '1',
        PATH: '/usr/bin',
      }),
    ).toEqual([
      'Warning: CONSOLE_DATABSE_URL is not a console setting, and is ignored; did you mean CONSOLE_DATABASE_URL?',
      'Warning: VOICE_API_KEY_FIEL is not a console setting, and is ignored; did you mean VOICE_API_KEY_FILE?',
    ])
  })
})

describe('an empty setting', () => {
  it('is an error naming it, not its default', () => {
    expect(() => loadConsoleConfig({ PORT: '' })).toThrow('PORT: set but empty (give it a value, or unset it)')
    expect(() => loadConsoleConfig({ CONSOLE_DATABASE_URL: '', CONSOLE_LOG: '' })).toThrow(
      'Invalid console configuration:\nCONSOLE_DATABASE_URL: set but empty (give it a value, or unset it)\nCONSOLE_LOG: set but empty (give it a value, or unset it)',
    )
    expect(loadConsoleConfig({}).port).toBe(4173)
  })
})

describe('a secret given twice', () => {
  it('refuses VOICE_API_KEY beside VOICE_API_KEY_FILE: the rotated file would lose to the old key', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'voice-key-')), 'key')
    writeFileSync(file, 'rotated_key_2\n')
    expect(loadConsoleConfig({ VOICE_API_KEY_FILE: file }).apiKey).toBe('rotated_key_2')
    expect(() => loadConsoleConfig({ VOICE_API_KEY: 'old_key_1', VOICE_API_KEY_FILE: file })).toThrow(
      'VOICE_API_KEY and VOICE_API_KEY_FILE: both set; keep one',
    )
    expect(() =>
      loadConsoleConfig({ CONSOLE_METRICS_TOKEN: 'a-long-enough-token-1234', CONSOLE_METRICS_TOKEN_FILE: file }),
    ).toThrow('CONSOLE_METRICS_TOKEN and CONSOLE_METRICS_TOKEN_FILE: both set; keep one')
  })
})

describe('the From of emails', () => {
  it('takes one address, bare or named, and refuses anything else', () => {
    for (const from of ['alerts@example.com', 'Voice Console <alerts@example.com>', '"Ops, EU" <ops@mail.example.org>'])
      expect(loadConsoleConfig({ ...SMTP, CONSOLE_ALERT_EMAIL_FROM: from }).alertChannels.smtp?.from).toBe(from)
    for (const from of [
      'alerts',
      'alerts@localhost',
      'a@example.com, b@example.com',
      'Voice Console alerts@example.com',
    ])
      expect(() => loadConsoleConfig({ ...SMTP, CONSOLE_ALERT_EMAIL_FROM: from })).toThrow(
        'CONSOLE_ALERT_EMAIL_FROM: not an email address; write alerts@example.com or Voice Console <alerts@example.com>',
      )
  })
})

describe('calling hours', () => {
  it('default to 08:00-21:00 everywhere, and take per-country windows', () => {
    expect(loadConsoleConfig({}).callingHours).toEqual({ window: { start: 480, end: 1260 }, byCountry: new Map() })
    const hours = loadConsoleConfig({
      CONSOLE_CALLING_HOURS: '09:00-20:30',
      CONSOLE_CALLING_HOURS_BY_COUNTRY: 'US=08:00-21:00, de=09:00-20:00',
    }).callingHours
    expect(hours.window).toEqual({ start: 540, end: 1230 })
    expect([...hours.byCountry]).toEqual([
      ['US', { start: 480, end: 1260 }],
      ['DE', { start: 540, end: 1200 }],
    ])
  })

  it('refuse a malformed window at start, by name, both at once', () => {
    expect(() =>
      loadConsoleConfig({ CONSOLE_CALLING_HOURS: '8-21', CONSOLE_CALLING_HOURS_BY_COUNTRY: 'US:08:00-21:00' }),
    ).toThrow(
      'Invalid console configuration:\nCONSOLE_CALLING_HOURS: "8-21" is not a window; write HH:MM-HH:MM, e.g. 08:00-21:00\nCONSOLE_CALLING_HOURS_BY_COUNTRY: "US:08:00-21:00" is not COUNTRY=HH:MM-HH:MM, e.g. US=08:00-21:00',
    )
    expect(() => loadConsoleConfig({ CONSOLE_CALLING_HOURS: '21:00-08:00' })).toThrow(
      'CONSOLE_CALLING_HOURS: "21:00-08:00" must end after it starts, within one day',
    )
    expect(() => loadConsoleConfig({ CONSOLE_CALLING_HOURS_BY_COUNTRY: 'US=08:00-21:00,US=09:00-20:00' })).toThrow(
      'CONSOLE_CALLING_HOURS_BY_COUNTRY: US is given twice',
    )
  })
})

describe('retention', () => {
  it('keeps and serves everything unless told, so an upgrade deletes nothing', () => {
    expect(loadConsoleConfig({}).retention).toEqual({ callsDays: null, notesDays: null, recordingsDays: null })
    expect(
      loadConsoleConfig({
        CONSOLE_RETENTION_CALLS_DAYS: '365',
        CONSOLE_RETENTION_NOTES_DAYS: '90',
        CONSOLE_RETENTION_RECORDINGS_DAYS: '30',
      }).retention,
    ).toEqual({ callsDays: 365, notesDays: 90, recordingsDays: 30 })
  })

  it('refuses a window that is no whole number of days from 1 to 36,500, by name', () => {
    expect(() => loadConsoleConfig({ CONSOLE_RETENTION_CALLS_DAYS: '0' })).toThrow(
      'CONSOLE_RETENTION_CALLS_DAYS: must be at least 1 (a day); unset it to keep without limit',
    )
    expect(() => loadConsoleConfig({ CONSOLE_RETENTION_NOTES_DAYS: '2.5' })).toThrow(
      'CONSOLE_RETENTION_NOTES_DAYS: must be a whole number of days',
    )
    expect(() => loadConsoleConfig({ CONSOLE_RETENTION_RECORDINGS_DAYS: 'thirty' })).toThrow(
      'CONSOLE_RETENTION_RECORDINGS_DAYS:',
    )
    expect(() => loadConsoleConfig({ CONSOLE_RETENTION_CALLS_DAYS: '36501' })).toThrow('CONSOLE_RETENTION_CALLS_DAYS:')
  })

  it('refuses serving recordings longer than the index keeps the calls that date them, or without the index', () => {
    expect(() =>
      loadConsoleConfig({ CONSOLE_RETENTION_CALLS_DAYS: '30', CONSOLE_RETENTION_RECORDINGS_DAYS: '90' }),
    ).toThrow(
      'CONSOLE_RETENTION_RECORDINGS_DAYS: 90 is longer than CONSOLE_RETENTION_CALLS_DAYS (30); the console dates a recording by its call in the index, so keep the calls at least as long',
    )
    expect(() => loadConsoleConfig({ CONSOLE_INDEX: 'off', CONSOLE_RETENTION_RECORDINGS_DAYS: '30' })).toThrow(
      'CONSOLE_RETENTION_RECORDINGS_DAYS: needs the call index (CONSOLE_INDEX=on), which tells when each call was placed',
    )
    expect(loadConsoleConfig({ CONSOLE_INDEX: 'off', CONSOLE_RETENTION_CALLS_DAYS: '30' }).retention.callsDays).toBe(30)
  })
})

describe('the recording notice and consent regions', () => {
  it('remind by default and ask consent nowhere; take countries, any case', () => {
    expect(loadConsoleConfig({}).recording).toEqual({ notice: true, consentRegions: new Set() })
    const recording = loadConsoleConfig({
      CONSOLE_RECORDING_NOTICE: 'off',
      CONSOLE_RECORDING_CONSENT_REGIONS: 'DE, fr,US',
    }).recording
    expect(recording).toEqual({ notice: false, consentRegions: new Set(['DE', 'FR', 'US']) })
  })

  it('refuse a part of a country, and a code that is no country, by name', () => {
    expect(() => loadConsoleConfig({ CONSOLE_RECORDING_CONSENT_REGIONS: 'DE,US-CA' })).toThrow(
      'CONSOLE_RECORDING_CONSENT_REGIONS: "US-CA" is part of a country: a number tells only its country, so give US to ask for consent on every call there',
    )
    expect(() => loadConsoleConfig({ CONSOLE_RECORDING_CONSENT_REGIONS: 'XX' })).toThrow(
      'CONSOLE_RECORDING_CONSENT_REGIONS: "XX" is not a country code libphonenumber knows; write ISO 3166 codes such as DE,FR,US',
    )
  })
})
