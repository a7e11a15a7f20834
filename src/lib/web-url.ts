// Links from API data are only followed when they are web addresses: a
// `javascript:` or `data:` URL from the service must never become a live link.

/** The absolute http(s) URL that `value` names (resolved against `base`), or null for anything else. */
export function webUrl(value: string, base: string = globalThis.location?.href ?? 'http://localhost/'): string | null {
  try {
    const url = new URL(value, base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}
