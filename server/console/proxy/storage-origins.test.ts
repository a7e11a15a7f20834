import { describe, expect, it } from 'vitest'
import { loadConsoleConfig } from '../config'
import { createStorageOrigins, parseStorageOrigins } from './storage-origins'

describe('CONSOLE_STORAGE_ORIGINS', () => {
  it('is auto unless set: the origins the voice service names in its answers', () => {
    expect(loadConsoleConfig({}).storageOrigins).toEqual({ origins: [], learn: true, learnPrivate: false })
  })

  it('reads origins and auto, separated by commas or spaces', () => {
    expect(parseStorageOrigins('https://Storage.Example.com, http://10.0.0.5:9000/ auto')).toEqual({
      origins: ['https://storage.example.com', 'http://10.0.0.5:9000'],
      learn: true,
    })
    expect(loadConsoleConfig({ CONSOLE_STORAGE_ORIGINS: 'https://s.example.com' }).storageOrigins).toEqual({
      origins: ['https://s.example.com'],
      learn: false,
      learnPrivate: false,
    })
    expect(loadConsoleConfig({ CONSOLE_STORAGE_ALLOW_PRIVATE: 'on' }).storageOrigins.learnPrivate).toBe(true)
  })

  it('refuses what is not an origin, naming the setting', () => {
    for (const value of ['https://s.example.com/recordings', 'ftp://s.example.com', 'https://u:p@s.example.com', '*']) {
      expect(() => loadConsoleConfig({ CONSOLE_STORAGE_ORIGINS: value }), value).toThrow(/CONSOLE_STORAGE_ORIGINS: /)
    }
  })
})

describe('which storage connections go through the address guard', () => {
  it('guards the origins learnt from answers, not the ones an admin listed, nor the API, nor with the setting on', () => {
    const origins = createStorageOrigins({
      origins: ['https://listed.example.com'],
      api: 'https://api.example.com/api/v1/voice',
      learn: true,
    })
    expect(origins.guardsConnections('https://learnt.example.com')).toBe(true)
    expect(origins.guardsConnections('https://listed.example.com')).toBe(false)
    expect(origins.guardsConnections('https://api.example.com')).toBe(false)
    const open = createStorageOrigins({ origins: [], learn: true, learnPrivate: true })
    expect(open.guardsConnections('https://learnt.example.com')).toBe(false)
  })
})
