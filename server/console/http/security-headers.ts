// Headers the production server sends with every response. The CSP allows no inline or foreign
// script, and no foreign fetch: recordings on another origin come through the console's storage proxy.

export interface SecurityHeaderOptions {
  /** Served over https: browsers are told to never use plain http for it again. */
  https?: boolean
}

export function contentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Waveform players and chart libraries set style attributes and <style> in shadow roots.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' blob:",
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
    'Content-Security-Policy': contentSecurityPolicy(),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  }
}
