// A storage host's error as the browser gets it: the console's problem+json in words, as for the voice API
// (upstream-problem.ts), never its bytes served from the console's origin nor a secret it repeats. Storage is sent no
// key, so a 401 there refuses the recording's link, and goes out as 502: a 401 would read as the person's session
// ending.
import { problem } from '../http/problem'
import { messageOf, statusLine, type UpstreamError } from './upstream-problem'

/** The most of an error's body read for its sentence; the rest is left unread. */
export const MAX_STORAGE_ERROR_BYTES = 64 * 1024

export function storageProblem(error: UpstreamError): Response {
  const said = messageOf(error)
  const quoted = said ? `: "${said}"` : '.'
  if (error.status === 401)
    return problem(
      502,
      'Recording link refused',
      `The storage host of the recording answered ${statusLine(error)}${quoted} Reload the call for a fresh link.`,
    )
  return problem(
    error.status,
    error.status >= 500 ? 'Storage host failed' : 'Recording not served',
    `The storage host of the recording answered ${statusLine(error)}${quoted}`,
  )
}
