// A New call link's params (new-call-search.ts) as the form's starting values. A number in any friendly form
// (`+1 (415) 555-0100`, `tel:+1-415-555-0100;ext=12`) is read as the number; one that is not a number stays as
// typed, so the field shows it with its error. The metadata's keys and values are the link's text.
import { metadataKey } from '@/api/contract/schemas'
import { parsePhone } from '@/lib/phone'
import { numberOfTelUri } from '@/lib/tel-uri'
import type { NewCallPrefill } from './new-call-prefill'
import { newMetadataRow } from './new-call-schema'
import type { NewCallSearch } from './new-call-search'

const META = 'meta.'

/**
 * A link's number as the form should start with it: E.164 when it reads as one, else the text as it came.
 * An unencoded `+` arrives as a space, and the router then reads the digits as a number: `to=+442071838750`
 * gives `442071838750`. So digits that are no number of the form's country are tried as international.
 */
export function linkNumber(text: string | undefined): string {
  const raw = text ?? ''
  // A `+` the link did not encode as %2B reads as a space.
  const number = numberOfTelUri(/^ \d/.test(raw) ? `+${raw.slice(1)}` : raw)
  if (number === '') return ''
  const read = parsePhone(number)
  if (read.e164) return read.e164
  const international = /^\d{8,15}$/.test(number) ? parsePhone(`+${number}`).e164 : null
  // Not a number: the field shows what the link held, with its error.
  return international ?? (/^tel:/i.test(raw.trim()) ? number : raw.trim())
}

/** `1`, `true` and `yes` record; anything else does not (the checkbox shows it either way). */
const recordOf = (value: string | undefined) => /^(1|true|yes|on)$/i.test(value?.trim() ?? '')

/** The form's starting values from a link, or null when the link carries none of its params. */
export function readNewCallLink(search: NewCallSearch): NewCallPrefill | null {
  const metadataRows = Object.entries(search).flatMap(([param, value]) => {
    if (!param.startsWith(META) || value === undefined) return []
    const key = param.slice(META.length)
    return metadataKey.safeParse(key).success ? [newMetadataRow(key, value)] : []
  })
  const to = search.to ?? search.tel
  if (to === undefined && search.caller_id === undefined && search.record === undefined && metadataRows.length === 0)
    return null
  return {
    from: 'link',
    fromCallId: null,
    values: {
      callerId: linkNumber(search.caller_id),
      destination: linkNumber(to),
      record: recordOf(search.record),
      metadataRows,
    },
  }
}
