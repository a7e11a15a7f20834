/**
 * The token of a set-up link, from its fragment (`#token=…`): the one part of a URL a browser
 * never sends, so it reaches no server log and no Referer. Null when the link is cut short.
 */
export function setUpTokenFrom(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null
}
