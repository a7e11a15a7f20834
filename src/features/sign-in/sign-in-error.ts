import { isApiError } from '@/api/client'
import { errorText } from '@/lib/error-text'

// Under this, the wait is an address's growing delay (seconds), and the console's sentence already
// says how many seconds; above it, a lockout, which reads better as the time it ends.
const SHORT_WAIT_MS = 60_000

/** What to tell a person whose sign-in did not work; a wait says how long, a lockout until when. */
export function signInErrorText(error: unknown, now = Date.now()): string | null {
  if (!error) return null
  if (isApiError(error) && error.status === 429 && error.retryAfterMs !== null) {
    if (error.retryAfterMs < SHORT_WAIT_MS) return error.message
    const at = new Date(now + error.retryAfterMs).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    return `${error.message.replace(/\.$/, '')} (at ${at}).`
  }
  // The console's own words are meant for people; the status code adds nothing here.
  if (isApiError(error) && error.kind === 'http') return error.message
  return errorText(error)
}
