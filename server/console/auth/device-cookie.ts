// The device cookie of OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a browser
// that has signed in to an account before says so, and is spared that account's lockout, so
// someone guessing the password cannot keep its owner out. The value is `<account>.<nonce>.<mac>`:
// the account is an HMAC of the user id (the cookie does not reveal who), the nonce names this
// browser's own failure count, and the MAC (HMAC-SHA256 with a key kept in the store) makes it unforgeable.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { knowSecret } from '../http/known-secrets'
import type { ConsoleStore } from '../store'

const SECRET_NAME = 'device-cookie-hmac'
// Long-lived on purpose: the protection is for the browser a person comes back to, months apart.
const MAX_AGE_S = 365 * 24 * 60 * 60

export interface DeviceCookies {
  /** The nonce of this browser's valid cookie for `userId`, or null: an unknown browser for that account. */
  nonceFor(c: Context, userId: string): Promise<string | null>
  /** After a successful sign-in: a new nonce, so a locked one is left behind. */
  issue(c: Context, userId: string): Promise<void>
}

export function deviceCookies(store: ConsoleStore, secure: boolean): DeviceCookies {
  const name = secure ? '__Host-vd_device' : 'vd_device'
  let key: Promise<string> | null = null
  const secret = () => {
    key ??= store.secrets
      .getOrCreate(SECRET_NAME, () => randomBytes(32).toString('base64url'))
      .then((value) => {
        knowSecret(value)
        return value
      })
    return key
  }
  const mac = async (text: string) =>
    createHmac('sha256', await secret())
      .update(text)
      .digest('base64url')
  const accountOf = async (userId: string) => (await mac(`account:${userId}`)).slice(0, 22)

  return {
    async nonceFor(c, userId) {
      const [account, nonce, signature, ...rest] = (getCookie(c, name) ?? '').split('.')
      if (!account || !nonce || !signature || rest.length > 0) return null
      const expected = Buffer.from(await mac(`${account}.${nonce}`))
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      return account === (await accountOf(userId)) ? nonce : null
    },
    async issue(c, userId) {
      const account = await accountOf(userId)
      const nonce = randomBytes(16).toString('base64url')
      setCookie(c, name, `${account}.${nonce}.${await mac(`${account}.${nonce}`)}`, {
        path: '/',
        httpOnly: true,
        secure,
        sameSite: 'Strict',
        maxAge: MAX_AGE_S,
      })
    },
  }
}
