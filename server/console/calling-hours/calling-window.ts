// A calling window as its settings write it (CONSOLE_CALLING_HOURS=08:00-21:00, the callee's local time) and the
// per-country ones (CONSOLE_CALLING_HOURS_BY_COUNTRY=US=08:00-21:00,DE=09:00-20:00). Parsing throws a sentence
// that config.ts puts after the setting's name.

/** Minutes after local midnight: from `start` (allowed) up to `end` (no longer allowed). */
export interface CallingWindow {
  start: number
  end: number
}

export interface CallingHours {
  window: CallingWindow
  /** By ISO 3166 country code (US, DE), as libphonenumber names a number's country. */
  byCountry: ReadonlyMap<string, CallingWindow>
}

export const DEFAULT_CALLING_HOURS = '08:00-21:00'

const WINDOW = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/

export function parseCallingWindow(text: string): CallingWindow {
  const match = WINDOW.exec(text.trim())
  if (!match) throw new Error(`"${text}" is not a window; write HH:MM-HH:MM, e.g. 08:00-21:00`)
  const start = Number(match[1]) * 60 + Number(match[2])
  const end = Number(match[3]) * 60 + Number(match[4])
  if (end > 24 * 60) throw new Error(`"${text}" ends after 24:00`)
  // A window across midnight would allow night calls: a mistake far likelier than a wish.
  if (end <= start) throw new Error(`"${text}" must end after it starts, within one day`)
  return { start, end }
}

export function parseWindowsByCountry(text: string): Map<string, CallingWindow> {
  const windows = new Map<string, CallingWindow>()
  for (const entry of text.split(',').map((part) => part.trim())) {
    if (entry === '') continue
    const [country, window, ...rest] = entry.split('=')
    const code = country?.trim().toUpperCase() ?? ''
    if (!/^[A-Z]{2}$/.test(code) || window === undefined || rest.length > 0)
      throw new Error(`"${entry}" is not COUNTRY=HH:MM-HH:MM, e.g. US=08:00-21:00`)
    if (windows.has(code)) throw new Error(`${code} is given twice`)
    windows.set(code, parseCallingWindow(window))
  }
  return windows
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** 480 → "08:00". */
export function clockText(minutes: number): string {
  return `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`
}

/** "08:00–21:00", as a person reads it. */
export function windowText(window: CallingWindow): string {
  return `${clockText(window.start)}–${clockText(window.end)}`
}
