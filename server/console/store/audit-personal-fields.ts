// Which parts of an audit entry are personal, and what they are about (issue 52): the entry's hash covers a token in
// place of each, the value itself is kept beside the chain (store/audit-personal.ts), where an erasure deletes it.
//
// Personal: every E.164 number anywhere in the target or the detail; the whole value of the keys that hold a number
// however it is written (destination, caller ID, a search's text…); and the free text written about a number or a
// call (a note, its hash, metadata values, a do-not-call reason). Not personal here: the console's own people (the
// actor's email, the IP address and user agent, an email tried at sign-in), who are not the callees an erasure
// concerns; they stay in the hashed entry, as before.

import { canonicalJson } from './audit-chain'
import { type PersonalValue, personalToken } from './audit-personal'

const E164 = /\+[1-9]\d{6,14}/g
const IS_E164 = /^\+[1-9]\d{6,14}$/

/**
 * Keys whose value is a number, however written: the whole value is personal (its subject is itself, if E.164) when
 * it holds 3 digits or more, so that `to` and `from` of a role's change stay as they are.
 */
const NUMBER_KEYS = new Set([
  'destination',
  'to',
  'from',
  'phone_number',
  'phoneNumber',
  'callerId',
  'caller_id',
  'callee',
  'number',
  // A search's text: often a number, in any format.
  'q',
])
/** Keys whose value is text about the entry's number or call (its subject is the entry's). */
const TEXT_KEYS = new Set(['note', 'text', 'reason', 'listedReason'])
/** Keys under which every value is text about the call (its metadata). */
const TEXT_TREES = new Set(['metadata'])
/** `call.note-saved` names a note's version by its SHA-256: a plain hash, so one could find a number it holds by hashing. */
const HASHES_OF_TEXT = new Set(['sha256'])

export interface EntryFields {
  seq: number
  target: string | null
  detail: Record<string, unknown> | null
}

export interface Personalised {
  target: string | null
  /** Canonical JSON, as the entry stores and hashes it. */
  detail: string | null
  values: PersonalValue[]
}

/** The call an entry names, if any: its target, or a `call_id` in its detail. */
function callIdOf(entry: Pick<EntryFields, 'target' | 'detail'>): string | null {
  const named = entry.detail?.call_id ?? entry.detail?.callId
  if (typeof named === 'string') return named
  return entry.target?.startsWith('call_') ? entry.target : null
}

/**
 * The entry as hashed (tokens in place of personal values) and the values to keep beside it. `destinationOfCall`
 * looks the entry's call up (the subject of a note's value), at write time.
 */
export async function personalise(
  entry: EntryFields,
  key: string,
  destinationOfCall: (callId: string) => Promise<string | null>,
): Promise<Personalised> {
  const values = new Map<string, PersonalValue>()
  const tokenOf = (value: string, subject: string | null) => {
    const token = personalToken(key, entry.seq, subject, value)
    values.set(token, { token, seq: entry.seq, subject, value })
    return token
  }
  const numbersIn = (text: string) => text.replace(E164, (number) => tokenOf(number, number))

  const callId = callIdOf(entry)
  const subject =
    entry.target?.match(E164)?.[0] ??
    (callId ? await destinationOfCall(callId) : null) ??
    firstNumberOf(entry.detail) ??
    null

  const walk = (value: unknown, key: string | null, asText: boolean): unknown => {
    if (typeof value === 'string') {
      if (key !== null && NUMBER_KEYS.has(key) && /(\d\D*){3}/.test(value))
        return tokenOf(value, IS_E164.test(value) ? value : subject)
      if (asText || (key !== null && (TEXT_KEYS.has(key) || HASHES_OF_TEXT.has(key)))) {
        // Free text about a number is personal only where the entry is about one: a sign-in's "wrong password" is not.
        return subject === null && !asText && !HASHES_OF_TEXT.has(key ?? '')
          ? numbersIn(value)
          : tokenOf(value, subject)
      }
      return numbersIn(value)
    }
    if (Array.isArray(value)) return value.map((item) => walk(item, key, asText))
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([inner, item]) => [inner, walk(item, inner, asText || TEXT_TREES.has(inner))]),
      )
    return value
  }

  const target = entry.target === null ? null : numbersIn(entry.target)
  const detail = entry.detail === null ? null : canonicalJson(walk(entry.detail, null, false))
  return { target, detail, values: [...values.values()] }
}

/** The first E.164 number among the detail's number keys. */
function firstNumberOf(detail: Record<string, unknown> | null): string | null {
  if (!detail) return null
  for (const [key, value] of Object.entries(detail)) {
    if (NUMBER_KEYS.has(key) && typeof value === 'string' && IS_E164.test(value)) return value
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const inner = firstNumberOf(value as Record<string, unknown>)
      if (inner) return inner
    }
  }
  return null
}
