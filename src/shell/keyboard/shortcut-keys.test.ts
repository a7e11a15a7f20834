import { describe, expect, it } from 'vitest'
import { GO_WAIT_MS, type KeyContext, type KeyPress, readKey, SHORTCUT_KEYS, type ShortcutId } from './shortcut-keys'
import { keyLabels, SHORTCUTS } from './shortcut-list'

const press = (key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key,
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  altGraph: false,
  ...mods,
})
const at = (context: Partial<KeyContext> = {}): KeyContext => ({
  typing: false,
  goSince: null,
  now: 10_000,
  apple: false,
  ...context,
})

describe('readKey', () => {
  it('reads every single-key shortcut of the table from the character typed', () => {
    const single = (Object.keys(SHORTCUT_KEYS) as ShortcutId[]).filter((id) => SHORTCUT_KEYS[id].length === 1)
    expect(single).toHaveLength(6)
    for (const id of single) expect(readKey(press(SHORTCUT_KEYS[id][0] ?? ''), at()).action).toEqual({ shortcut: id })
  })

  it('takes `/` and `?` however the layout types them (Shift+7 on German keyboards, AltGr elsewhere)', () => {
    expect(readKey(press('/'), at()).action).toEqual({ shortcut: 'search' })
    expect(readKey(press('?'), at()).action).toEqual({ shortcut: 'help' })
    // AltGr reports Ctrl and Alt on Windows: still a character typed.
    expect(readKey(press('/', { altGraph: true, ctrlKey: true, altKey: true }), at()).action).toEqual({
      shortcut: 'search',
    })
  })

  it('leaves a key pressed with Ctrl, ⌘ or Alt to the browser (Ctrl+J, Alt+K, ⌘X are not j, k and x)', () => {
    expect(readKey(press('j', { ctrlKey: true }), at()).action).toBeNull()
    expect(readKey(press('k', { altKey: true }), at()).action).toBeNull()
    expect(readKey(press('x', { metaKey: true }), at({ apple: true })).action).toBeNull()
    // Upper case is Shift+J: not j.
    expect(readKey(press('J'), at()).action).toBeNull()
  })

  it('opens the palette with Ctrl+K, or ⌘K on Apple devices, and not with the other one', () => {
    expect(readKey(press('k', { ctrlKey: true }), at()).action).toEqual({ shortcut: 'palette' })
    expect(readKey(press('K', { ctrlKey: true }), at()).action).toEqual({ shortcut: 'palette' })
    expect(readKey(press('k', { metaKey: true }), at()).action).toBeNull()
    expect(readKey(press('k', { metaKey: true }), at({ apple: true })).action).toEqual({ shortcut: 'palette' })
    expect(readKey(press('k', { ctrlKey: true }), at({ apple: true })).action).toBeNull()
    expect(readKey(press('k', { ctrlKey: true, altKey: true }), at()).action).toBeNull()
    // WebKitGTK under WebDriver gives Ctrl+K as the control character it types.
    expect(readKey(press('\u000b', { ctrlKey: true, code: 'KeyK' }), at()).action).toEqual({ shortcut: 'palette' })
    expect(readKey(press('\u000b', { ctrlKey: true, code: 'KeyJ' }), at()).action).toBeNull()
  })

  it('fires nothing while the person types in a field, but the palette, which types nothing', () => {
    for (const key of ['/', '?', 'j', 'k', 'x', 'Enter', 'g']) {
      expect(readKey(press(key), at({ typing: true }))).toEqual({ action: null, goSince: null })
    }
    expect(readKey(press('c'), at({ typing: true, goSince: 9_900 })).action).toBeNull()
    expect(readKey(press('k', { ctrlKey: true }), at({ typing: true })).action).toEqual({ shortcut: 'palette' })
  })

  it('goes to a page on `g` then a letter, within the wait', () => {
    const g = readKey(press('g'), at({ now: 5_000 }))
    expect(g).toEqual({ action: null, goSince: 5_000 })
    expect(readKey(press('c'), at({ goSince: 5_000, now: 5_000 + GO_WAIT_MS }))).toEqual({
      action: { go: 'c' },
      goSince: null,
    })
  })

  it('forgets a `g` after the wait, or when the next key is not a letter', () => {
    // Too late: `k` is the row shortcut again.
    expect(readKey(press('k'), at({ goSince: 5_000, now: 5_001 + GO_WAIT_MS })).action).toEqual({
      shortcut: 'previous-row',
    })
    expect(readKey(press('/'), at({ goSince: 5_000, now: 5_100 }))).toEqual({ action: null, goSince: null })
    expect(readKey(press('C'), at({ goSince: 5_000, now: 5_100 }))).toEqual({ action: null, goSince: null })
  })
})

describe('SHORTCUTS', () => {
  it('says what every shortcut does, with the keys it is read by', () => {
    expect(SHORTCUTS.map((s) => [s.id, s.keys.join(' '), s.label.length > 0])).toEqual(
      Object.entries(SHORTCUT_KEYS).map(([id, keys]) => [id, keys.join(' '), true]),
    )
    expect(SHORTCUTS.filter((s) => s.inLists).map((s) => s.keys.join())).toEqual(['j', 'k', 'Enter', 'x'])
  })
})

describe('keyLabels', () => {
  it('names the modifier as the device does, and keeps letters lower case', () => {
    expect(keyLabels(['$mod', 'k'], false)).toEqual({ labels: ['Ctrl', 'K'], together: true })
    expect(keyLabels(['$mod', 'k'], true)).toEqual({ labels: ['⌘', 'K'], together: true })
    expect(keyLabels(['g', 'c'], false)).toEqual({ labels: ['g', 'c'], together: false })
    expect(keyLabels(['j'], true)).toEqual({ labels: ['j'], together: false })
  })
})
