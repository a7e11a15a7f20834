// The search's keyset cursor: the last row's creation time and call id, opaque to the page (base64url JSON).
import { z } from 'zod'
import type { SearchKey } from '../../store/call-search'

const key = z.tuple([z.number().int().nonnegative(), z.string().min(1).max(100)])

export function encodeSearchCursor(last: SearchKey): string {
  return Buffer.from(JSON.stringify([last.createdAt, last.callId])).toString('base64url')
}

/** Null when the text is not a cursor this console wrote. */
export function decodeSearchCursor(cursor: string): SearchKey | null {
  try {
    const parsed = key.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    return parsed.success ? { createdAt: parsed.data[0], callId: parsed.data[1] } : null
  } catch {
    return null
  }
}
