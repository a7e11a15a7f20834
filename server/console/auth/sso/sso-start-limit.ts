// Each visit to /sso/start stores a sign-in under way (sso-login-cookie.ts) for ten minutes, before
// anyone is known: an anonymous loop could fill the table. So starts are limited per address in a
// one-minute window, and the rows pending at once have a ceiling for everyone.
import type { Context } from 'hono'
import { addressGroup } from '../../http/address-group'
import { clientAddress } from '../../http/client-address'
import { sendProblem } from '../../http/problem'
import type { ConsoleStore } from '../../store'

export const SSO_START_LIMIT = {
  // An office behind one NAT address signing in at nine: 20 a minute is 200 people in ten minutes.
  perAddressPerMinute: 20,
  // ~500 bytes a row: a full table is a few megabytes, and ten minutes later it has emptied itself.
  maxPending: 10_000,
}
const MINUTE_MS = 60_000

export function ssoStartLimit(store: ConsoleStore, now: () => number, limit = SSO_START_LIMIT) {
  let minute = -1
  // Only accepted starts are counted, so this map is never larger than maxPending.
  let starts = new Map<string, number>()

  /** Null when the start may go ahead (and is counted); otherwise the 429 to send. */
  return async (c: Context): Promise<Response | null> => {
    const at = now()
    if (Math.floor(at / MINUTE_MS) !== minute) {
      minute = Math.floor(at / MINUTE_MS)
      starts = new Map()
    }
    const seconds = String(Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - at) / 1000)))
    if ((await store.ssoLogins.countPending(at)) >= limit.maxPending) {
      c.header('Retry-After', '60')
      return sendProblem(
        c,
        429,
        'Too many sign-ins under way',
        'More sign-ins with single sign-on are under way than the console keeps at once. Wait a minute and try again.',
      )
    }
    const address = addressGroup(clientAddress(c))
    const count = starts.get(address) ?? 0
    if (count >= limit.perAddressPerMinute) {
      c.header('Retry-After', seconds)
      return sendProblem(
        c,
        429,
        'Too many sign-ins started',
        `Sign-in with single sign-on was started too often from your network. Wait ${seconds} seconds and try again.`,
      )
    }
    starts.set(address, count + 1)
    return null
  }
}
