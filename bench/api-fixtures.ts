// What the API benchmark reads from the seeded data before loading it: a call and a deep cursor.

import { DEMO_KEYS } from '../server/simulator/demo-keys'

export const BENCH_KEY = DEMO_KEYS.acme
export const authHeaders = { authorization: `Bearer ${BENCH_KEY}` }

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: authHeaders })
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

export async function newestCallId(api: string): Promise<string> {
  const first = await json<{ calls: { call_id: string }[] }>(`${api}/calls`)
  const callId = first.calls[0]?.call_id
  if (!callId) throw new Error('the seeded list is empty')
  return callId
}

/** Walks the list to a cursor `pages` default-size pages deep (using pages of 100 to get there faster). */
export async function deepCursor(api: string, pages: number): Promise<string> {
  let cursor = ''
  const target = Math.ceil((pages * 50) / 100)
  for (let page = 0; page < target; page++) {
    const query = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const body = await json<{ next_cursor: string | null }>(`${api}/calls?limit=100${query}`)
    if (!body.next_cursor) throw new Error(`the seeded list is too short for a page ${pages} deep`)
    cursor = body.next_cursor
  }
  return cursor
}
