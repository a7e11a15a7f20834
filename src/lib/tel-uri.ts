// A `tel:` URI (RFC 3966) as the number it dials: what a browser hands the console when someone clicks a phone link
// in another tool (navigator.registerProtocolHandler). Pure; the caller checks the number with libphonenumber.

/** RFC 3966's visual separators, which carry no digits. */
const VISUAL_SEPARATORS = /[-.()\s]/g

/**
 * The number of a `tel:` URI, without its parameters (`;ext=`, `;isub=`, `;phone-context=`) and separators:
 * `tel:+1-415-555-0100;ext=12` is `+14155550100`. Text without the scheme is read as the number part alone.
 * A local number (no +) takes its `phone-context` when that is a global prefix (`;phone-context=+1`); one in a
 * domain's context stays local, for the phone check to read in the form's country.
 */
export function numberOfTelUri(uri: string): string {
  let text = uri.trim()
  // The browser passes the URI percent-encoded; a bad escape is left as it came.
  try {
    text = decodeURIComponent(text)
  } catch {}
  text = text.replace(/^tel:/i, '').replace(/^\/\//, '')
  const [number = '', ...parameters] = text.split(';')
  const digits = number.replace(VISUAL_SEPARATORS, '')
  const context = parameters.find((p) => /^phone-context=\+/i.test(p))?.slice('phone-context='.length)
  return !digits.startsWith('+') && context ? `${context.replace(VISUAL_SEPARATORS, '')}${digits}` : digits
}
