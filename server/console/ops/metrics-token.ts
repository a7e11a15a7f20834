// /metrics's bearer token, compared in constant time: both sides are hashed first, so neither the length
// nor a common prefix of a guess shows in how long the answer takes.
import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()

export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null
}
