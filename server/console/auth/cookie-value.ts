// One cookie's value from a Cookie header, read as hono's `parse(header, name)[name]` reads it (pairs split at ';',
// names and values trimmed of spaces and tabs, one pair of quotes taken off, the first valid value of that name,
// percent-decoded), without the array of pairs and the dictionary object hono builds for every call. The session
// cookie is read at every proxied request: in a profile of bench:api's status load, hono's parse was the largest
// piece of the console's own CPU a read.
import { tryDecodeURIComponent } from 'hono/utils/url'

// hono's validCookieValueRegEx (hono/utils/cookie): what a cookie value may hold.
const VALID_VALUE = /^[ !#-:<-[\]-~]*$/

const isBlank = (code: number) => code === 32 || code === 9

/** Whether `header` from `start` to `end`, trimmed of spaces and tabs, is `name`. */
function namedAt(header: string, start: number, end: number, name: string): boolean {
  let from = start
  let to = end
  while (from < to && isBlank(header.charCodeAt(from))) from++
  while (to > from && isBlank(header.charCodeAt(to - 1))) to--
  return to - from === name.length && header.startsWith(name, from)
}

/** `header` from `start` to `end`, trimmed of spaces and tabs. */
function trimmed(header: string, start: number, end: number): string {
  let from = start
  let to = end
  while (from < to && isBlank(header.charCodeAt(from))) from++
  while (to > from && isBlank(header.charCodeAt(to - 1))) to--
  return header.slice(from, to)
}

export function cookieValue(header: string, name: string): string | undefined {
  if (header.indexOf(name) === -1) return undefined
  let start = 0
  // The next '=' is looked for again only once the pairs have passed it: a header of many pairs without one (up to
  // node's 16 KB) is read in one pass, not once a pair.
  let equals = -1
  while (start < header.length) {
    let end = header.indexOf(';', start)
    if (end === -1) end = header.length
    if (equals < start) equals = header.indexOf('=', start)
    // No '=' left: no pair from here on has a value.
    if (equals === -1) return undefined
    if (equals < end && namedAt(header, start, equals, name)) {
      let value = trimmed(header, equals + 1, end)
      if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
      if (VALID_VALUE.test(value)) return tryDecodeURIComponent(value)
    }
    start = end + 1
  }
  return undefined
}
