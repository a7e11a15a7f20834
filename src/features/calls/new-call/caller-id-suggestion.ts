// Which verified caller ID New call suggests for a destination, and why, in words (issue 51, item 5). Pure.
// In order: the one last used for that number (the callee sees the same number again), then one with the
// destination's area code (a local number is answered more, and less often screened as spam), then one of its
// country. Within a rank, one not flagged "answered less than usual" comes first. The person chooses otherwise
// at will: this only suggests.
import { type PhoneArea, phoneArea } from '@/lib/phone-area'

export interface CallerIdSuggestion {
  callerId: string
  reason: string
}

export interface SuggestionFacts {
  /** The destination, E.164. */
  destination: string
  /** The verified caller IDs' numbers, in the list's order. */
  callerIds: readonly string[]
  /** The caller ID of the account's newest call to the destination, and when it was placed. */
  lastUsed: { callerId: string; createdAt: string } | null
  flagged: ReadonlySet<string>
  /** "Dec 3, 2026": the day of an instant, in the viewer's zone. */
  formatDay: (iso: string) => string
}

const sameArea = (a: PhoneArea, b: PhoneArea) =>
  a.callingCode === b.callingCode && a.areaCode !== null && a.areaCode === b.areaCode
const sameCountry = (a: PhoneArea, b: PhoneArea) =>
  a.country !== null ? a.country === b.country : a.callingCode === b.callingCode

export function suggestCallerId(facts: SuggestionFacts): CallerIdSuggestion | null {
  const { destination, callerIds, lastUsed, flagged, formatDay } = facts
  if (lastUsed && callerIds.includes(lastUsed.callerId))
    return { callerId: lastUsed.callerId, reason: `Last used for this number on ${formatDay(lastUsed.createdAt)}` }
  const callee = phoneArea(destination)
  if (!callee) return null
  const areas = callerIds.flatMap((callerId) => {
    const area = phoneArea(callerId)
    return area ? [{ callerId, area }] : []
  })
  const firstOf = (matches: (area: PhoneArea) => boolean) => {
    const found = areas.filter((candidate) => matches(candidate.area))
    return (found.find((candidate) => !flagged.has(candidate.callerId)) ?? found[0])?.callerId
  }
  const local = firstOf((area) => sameArea(area, callee))
  if (local) return { callerId: local, reason: 'Same area code as the destination' }
  const national = firstOf((area) => sameCountry(area, callee))
  if (national) return { callerId: national, reason: 'Same country as the destination' }
  return null
}
