// Headers the production server sends with every response. The CSP allows no
// inline or foreign script; recordings may come from a separate storage origin.

export interface SecurityHeaderOptions {
  /** Origin of recording downloads when it is not this server, e.g. https://storage.example.com. */
  storageOrigin?: string | null
  /** Served over https: browsers are told to never use plain http for it again. */
  https?: boolean
}

export function contentSecurityPolicy({ storageOrigin }: SecurityHeaderOptions = {}): string {
  const extra = storageOrigin ? ` ${storageOrigin}` : ''
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Waveform players and chart libraries set style attributes and <style> in shadow roots.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // The waveform player fetches the audio, so storage appears in connect-src as well.
    `connect-src 'self'${extra}`,
    `media-src 'self' blob:${extra}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  return {
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  }
}

/** The storage origin worth naming in the CSP: only one that differs from the app's own. */
export function foreignOrigin(url: string | undefined, selfOrigins: string[]): string | null {
  if (!url) return null
  try {
    const origin = new URL(url).origin
    return selfOrigins.includes(origin) ? null : origin
  } catch {
    return null
  }
}
