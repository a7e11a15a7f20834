// A set-up link: 256 random bits like a session id, of which the console keeps only the hash.
// The token rides in the fragment, which browsers never send, so no access log or Referer holds it.
import { SET_UP_PAGE } from '../../../src/api/contract/console-schemas'
import { hashSessionToken, newSessionToken } from '../auth/session-tokens'

export function newInviteLink(publicUrl: URL): { link: string; tokenHash: string } {
  const token = newSessionToken()
  const url = new URL(SET_UP_PAGE, publicUrl)
  url.hash = `token=${token}`
  return { link: url.href, tokenHash: hashSessionToken(token) }
}

export const hashInviteToken = hashSessionToken
