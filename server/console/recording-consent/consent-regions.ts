// The recording settings (issue 52, item 3): CONSOLE_RECORDING_NOTICE, the reminder before a recorded call, and
// CONSOLE_RECORDING_CONSENT_REGIONS, the countries where the agent must confirm the callee's consent first. A region
// is a country: the number tells libphonenumber its country and no more (an area code is not a state: numbers move
// with their owners), so a sub-national code such as US-CA is refused with a sentence rather than half-enforced.
import { isSupportedCountry } from 'libphonenumber-js/min'

export interface RecordingSettings {
  /** Remind the agent to tell the callee the call is recorded. */
  notice: boolean
  /** ISO 3166-1 alpha-2 codes, upper case. */
  consentRegions: ReadonlySet<string>
}

/** The console's tests' default: no reminder, consent asked nowhere. */
export const NO_RECORDING_RULES: RecordingSettings = { notice: false, consentRegions: new Set() }

/** "DE, fr" → {DE, FR}; throws a sentence naming the first code that is no country. */
export function parseConsentRegions(text: string): Set<string> {
  const regions = new Set<string>()
  for (const entry of text.split(',').map((part) => part.trim().toUpperCase())) {
    if (entry === '') continue
    if (/^[A-Z]{2}-/.test(entry))
      throw new Error(
        `"${entry}" is part of a country: a number tells only its country, so give ${entry.slice(0, 2)} to ask for consent on every call there`,
      )
    if (!/^[A-Z]{2}$/.test(entry) || !isSupportedCountry(entry))
      throw new Error(`"${entry}" is not a country code libphonenumber knows; write ISO 3166 codes such as DE,FR,US`)
    regions.add(entry)
  }
  return regions
}
