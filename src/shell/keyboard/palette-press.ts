// Which key press opens the command palette (Ctrl/⌘+K), apart from the other shortcuts: early-keys.ts reads it in
// the page's entry, before the shortcuts' chunk has arrived, so it is only these few lines.

export interface ModifiedPress {
  key: string
  /** The physical key: read only when `key` is a control character (some engines give Ctrl+K as U+000B). */
  code: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
}

/** Whether this device calls the palette's modifier ⌘ (Apple) or Ctrl. */
export const isApple = (platform: string) => /Mac|iPhone|iPad|iPod/.test(platform)

/** Ctrl+K, or ⌘+K on Apple devices: the palette (`SHORTCUT_KEYS.palette`). It types nothing, so it opens from a field too. */
export function opensPalette(press: ModifiedPress, apple: boolean): boolean {
  const modifier = apple ? press.metaKey && !press.ctrlKey : press.ctrlKey && !press.metaKey
  // A control character sorts below the space: read by its physical key.
  const k = press.key.toLowerCase() === 'k' || (press.key < ' ' && press.code === 'KeyK')
  return modifier && !press.altKey && k
}
