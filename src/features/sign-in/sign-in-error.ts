import { isApiError } from '@/api/client'
import { errorText } from '@/lib/error-text'

/** What to tell a person whose sign-in did not work; a lockout says when to try again. */
export function signInErrorText(error: unknown, now = Date.now()): string | null {
  if (!error) return null
  if (isApiError(error) && error.status === 429 && error.retryAfterMs !== null) {
    const at = new Date(now + error.retryAfterMs).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    return `${error.message.replace(/\.$/, '')} (at ${at}).`
  }
  // The console's own words are meant for people; the status code adds nothing here.
  if (isApiError(error) && error.kind === 'http') return error.message
  return errorText(error)
}
