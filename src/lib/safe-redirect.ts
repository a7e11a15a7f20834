/**
 * Where to go after signing in: a path on this origin, or the calls list. A full URL,
 * `//evil.example` or `/\evil.example` would leave the console (an open redirect).
 */
export function safeRedirect(value: unknown, origin: string, fallback = '/calls'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback
  }
  try {
    const url = new URL(value, origin)
    if (url.origin !== origin || url.pathname === '/sign-in') return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
}
