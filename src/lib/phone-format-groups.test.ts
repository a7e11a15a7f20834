import { afterEach, describe, expect, it, vi } from 'vitest'
import { eventually } from '../../server/shared/test-support/eventually'
import { createPhoneFormats, type PhoneFormatSource } from './phone-format'
import { rememberedPhoneFormatGroups, rememberPhoneFormatGroup } from './phone-format-memory'

const PARIS = '+33612345678'
const PARIS_SHOWN = '+33 6 12 34 56 78'
const STORAGE_KEY = 'voice-dashboard.phone-format-groups'

/** The group files themselves, each fetch counted, each group failing the first `failures` times it is asked for. */
function countedSource(failures = 0) {
  const asked: string[] = []
  const source: PhoneFormatSource = {
    load: (digit) => {
      asked.push(digit)
      if (asked.filter((d) => d === digit).length <= failures) return Promise.reject(new Error('chunk failed to load'))
      return import(`./phone-formats/${digit}.json`).then((file) => file.default)
    },
  }
  return { asked, source }
}

afterEach(() => {
  localStorage.removeItem(STORAGE_KEY)
  vi.restoreAllMocks()
})

describe('phone formats by group', () => {
  it('shows a number of a group not loaded as it came, then formatted once the group it started arrives', async () => {
    const formats = createPhoneFormats()
    const arrived = vi.fn()
    formats.subscribe(arrived)
    const before = formats.formatter()
    expect(formats.formatPhone(PARIS)).toBe(PARIS)
    await eventually(() => expect(formats.formatPhone(PARIS)).toBe(PARIS_SHOWN))
    expect(arrived).toHaveBeenCalledTimes(1)
    expect(formats.formatter()).not.toBe(before)
    expect(formats.formatter()(PARIS)).toBe(PARIS_SHOWN)
    // Another group is still to come. The test waits for it: a fetch left running would remember its group in
    // storage during a later test (the web project's files share one jsdom), as it once did in CI.
    expect(formats.formatPhone('+442079460958')).toBe('+442079460958')
    await eventually(() => expect(formats.formatPhone('+442079460958')).toBe('+44 20 7946 0958'))
  })

  it('awaits the groups asked for, fetching each group once', async () => {
    const { asked, source } = countedSource()
    const formats = createPhoneFormats(source)
    formats.formatPhone(PARIS)
    await Promise.all([formats.loadGroups(['3', '1', '3']), formats.loadGroups(['3'])])
    expect(formats.formatPhone(PARIS)).toBe(PARIS_SHOWN)
    expect(formats.formatPhone('+14155550100')).toBe('+1 415 555 0100')
    expect(asked.sort()).toEqual(['1', '3'])
  })

  it('never rejects when a fetch fails, shows the number as it came, and fetches again on a later call', async () => {
    const { asked, source } = countedSource(1)
    const formats = createPhoneFormats(source)
    await expect(formats.loadGroups(['3'])).resolves.toBeUndefined()
    expect(formats.formatPhone(PARIS)).toBe(PARIS)
    await formats.loadGroups(['3'])
    expect(formats.formatPhone(PARIS)).toBe(PARIS_SHOWN)
    expect(asked).toEqual(['3', '3'])
  })

  it('never rejects when the source throws before it fetches', async () => {
    const formats = createPhoneFormats({
      load: () => {
        throw new Error('no such chunk')
      },
    })
    await expect(formats.loadGroups(['3'])).resolves.toBeUndefined()
    expect(formats.formatPhone(PARIS)).toBe(PARIS)
  })
})

describe('the groups this browser remembers', () => {
  it('are the groups fetched here, each once', async () => {
    localStorage.removeItem(STORAGE_KEY)
    await createPhoneFormats().loadGroups(['1', '3'])
    rememberPhoneFormatGroup('3')
    // Kept sorted, each group once. The web project's files share one jsdom, so a fetch another file left running
    // may have remembered a group of its own: only 1 and 3 are this test's.
    const stored = localStorage.getItem(STORAGE_KEY) ?? ''
    expect(stored).toBe([...new Set(stored)].sort().join(''))
    expect([...stored].filter((group) => group === '1' || group === '3')).toEqual(['1', '3'])
    expect(rememberedPhoneFormatGroups()).toEqual([...stored])
  })

  it('are none when storage holds something else or throws', () => {
    localStorage.setItem(STORAGE_KEY, '1;alert(1)')
    expect(rememberedPhoneFormatGroups()).toEqual([])
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(rememberedPhoneFormatGroups()).toEqual([])
    expect(() => rememberPhoneFormatGroup('4')).not.toThrow()
  })
})
