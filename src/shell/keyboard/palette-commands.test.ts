import { beforeAll, describe, expect, it } from 'vitest'
import { formatPhone, phoneFormats } from '@/lib/phone-format'
import { NAV_PAGES } from '../nav-pages'
import { type PaletteContext, paletteCommands } from './palette-commands'

const support: PaletteContext = {
  pages: NAV_PAGES.filter((page) => ['calls:read', 'calls:create', 'call-lists:read'].includes(page.permission)),
  canReadCalls: true,
  canPlaceCalls: true,
  zone: 'browser',
  browserZone: 'Europe/Berlin',
  theme: 'light',
  formatPhone,
}
const labels = (typed: string, context = support) => paletteCommands(typed, context).map((c) => c.label)

// The groups of the numbers typed below, as the palette has them once they arrive.
beforeAll(() => phoneFormats.loadGroups(['1', '4']))

describe('paletteCommands', () => {
  it('offers, with nothing typed, the role’s pages, every shortcut, the settings and Sign out', () => {
    expect(labels('')).toEqual([
      'Go to Calls',
      'Go to Live',
      'Go to New call',
      'Go to Call lists',
      'Show the keyboard shortcuts',
      'Search: the page’s search, or the calls list’s',
      'Next row',
      'Previous row',
      'Open the focused row',
      'Copy the focused row’s call ID',
      'Show times in the browser’s zone (Europe/Berlin)',
      'Show times in UTC',
      'Use the light theme',
      'Use the dark theme',
      'Sign out',
    ])
    const [calls] = paletteCommands('', support)
    expect(calls).toMatchObject({ keys: ['g', 'c'], run: { kind: 'go', to: '/calls' } })
  })

  it('marks the zone and the theme in force as current', () => {
    const current = paletteCommands('', { ...support, zone: 'UTC', theme: 'dark' }).filter((c) => c.current)
    expect(current.map((c) => c.id)).toEqual(['zone UTC', 'theme dark'])
  })

  it('finds commands by every word typed, in any case, in the label or its keywords; searching calls comes last', () => {
    expect(labels('go li')).toEqual(['Go to Live', 'Go to Call lists', 'Search calls for “go li”'])
    expect(labels('DARK')).toEqual(['Use the dark theme', 'Search calls for “DARK”'])
    expect(labels('zone')).toEqual([
      'Show times in the browser’s zone (Europe/Berlin)',
      'Show times in UTC',
      'Search calls for “zone”',
    ])
    expect(labels('log out')).toEqual(['Sign out', 'Search calls for “log out”'])
  })

  it('opens a call by its ID first, in any case, for a role that reads calls', () => {
    const [first] = paletteCommands(' call_01JD5X2Q8Y0000000000000000 ', support)
    expect(first).toMatchObject({ label: 'Open call call_01JD5X2Q8Y0000000000000000', run: { kind: 'call' } })
    expect(paletteCommands('CALL_01jd5x2q8y0000000000000000', support)[0]?.run).toEqual({
      kind: 'call',
      callId: 'CALL_01jd5x2q8y0000000000000000',
    })
  })

  it('turns a number into the calls with it and a new call to it (prefilled, not placed)', () => {
    const commands = paletteCommands('(415) 555-0100', support)
    expect(commands.slice(0, 2)).toEqual([
      expect.objectContaining({ label: 'Show calls with +1 415 555 0100', run: { kind: 'find', q: '(415) 555-0100' } }),
      expect.objectContaining({ label: 'New call to +1 415 555 0100', run: { kind: 'dial', e164: '+14155550100' } }),
    ])
  })

  it('searches calls for any other text of three characters or more, and offers no call for it', () => {
    expect(paletteCommands('T-4821', support)[0]).toMatchObject({
      label: 'Search calls for “T-4821”',
      run: { kind: 'find', q: 'T-4821' },
    })
    expect(labels('T-4821')).not.toContain(expect.stringMatching(/^New call to/))
    expect(labels('ab').some((label) => label.startsWith('Search calls'))).toBe(false)
  })

  it('offers only what the role may do: no new call without calls:create, nothing of calls without either', () => {
    const noPlacing = { ...support, canPlaceCalls: false }
    expect(labels('+1 415 555 0100', noPlacing).filter((l) => l.includes('415'))).toEqual([
      'Show calls with +1 415 555 0100',
    ])
    const none = { ...support, canReadCalls: false, canPlaceCalls: false, pages: [] }
    expect(labels('call_01JD5X2Q8Y0000000000000000', none)).toEqual([])
    expect(labels('+1 415 555 0100', none)).toEqual([])
  })
})
