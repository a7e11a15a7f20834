// What an issuer URL typed on the page must be: the rule config.ts applies to CONSOLE_OIDC_ISSUER (https; plain http
// only for a provider on this machine), said to the person who typed it.

/** Hosts reached without a network: the only ones plain http is allowed to (the demo and the tests). */
export const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

export type IssuerCheck = { ok: true; url: URL } | { ok: false; message: string }

export function checkIssuerUrl(text: string): IssuerCheck {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, message: 'Enter the issuer’s full URL, such as https://login.example.com/realms/acme.' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: `An issuer is reached over https, not ${url.protocol}` }
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname))
    return { ok: false, message: 'The issuer must use https (plain http only for a provider on this machine).' }
  if (url.username || url.password) return { ok: false, message: 'Leave the user name and password out of the URL.' }
  if (url.search || url.hash) return { ok: false, message: 'An issuer URL has no query (?…) or fragment (#…).' }
  return { ok: true, url }
}
