// Finding a caller ID among thousands, by its number or its name: the Caller IDs page's filter and the
// New call picker read it alike.

interface Findable {
  phone_number: string
  cnam_display_name?: string | null
}

/**
 * A part of its name (any case), or digits in its number whatever the typed punctuation: "(415) 555" finds
 * +14155550100. Blank finds every one.
 */
export function matchesCallerId(item: Findable, query: string): boolean {
  const words = query.trim().toLowerCase()
  if (!words) return true
  if (item.cnam_display_name?.toLowerCase().includes(words)) return true
  if (item.phone_number.toLowerCase().includes(words)) return true
  // Only a query of number characters is read as digits: "Room 5" must not find every number with a 5.
  if (!/^[\d\s()+.-]+$/.test(words)) return false
  const digits = words.replace(/\D/g, '')
  return digits !== '' && item.phone_number.replace(/\D/g, '').includes(digits)
}

export function filterCallerIds<Item extends Findable>(items: readonly Item[], query: string): Item[] {
  return items.filter((item) => matchesCallerId(item, query))
}
