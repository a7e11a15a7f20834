// A person using the console through its one public address, as the console's own page does:
// same-origin headers and the CSRF header on writes, the session and device cookies kept between requests.
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../src/api/contract/console-schemas'
import { CLUSTER_PASSWORD } from './console-cluster'

export interface Answer {
  status: number
  headers: Headers
  body: string
  json<T = unknown>(): T
}

export interface ClusterPerson {
  email: string
  cookie: string | null
  request(path: string, init?: { method?: string; json?: unknown; timeoutMs?: number }): Promise<Answer>
  signIn(password?: string): Promise<Answer>
  signOut(): Promise<Answer>
}

export function clusterPerson(baseUrl: string, email: string): ClusterPerson {
  let device: string | null = null
  const person: ClusterPerson = {
    email,
    cookie: null,
    request: async (path, init = {}) => {
      const method = init.method ?? (init.json === undefined ? 'GET' : 'POST')
      const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }
      const cookies = [person.cookie, device].filter(Boolean)
      if (cookies.length > 0) headers.cookie = cookies.join('; ')
      if (method !== 'GET') {
        headers.origin = baseUrl
        headers[CSRF_HEADER] = CSRF_HEADER_VALUE
      }
      if (init.json !== undefined) headers['content-type'] = 'application/json'
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
      })
      const body = await res.text()
      // The session cookie (vd_session, or __Host-vd_session over https), and the device cookie a browser keeps
      // after a sign-in: a known browser is not made to wait behind the sign-in check of another.
      const setCookie = res.headers.getSetCookie().find((value) => /^[^=;]*session=/i.test(value))
      if (setCookie) {
        const pair = setCookie.split(';')[0] ?? ''
        person.cookie = pair.endsWith('=') ? null : pair
      }
      const deviceCookie = res.headers.getSetCookie().find((value) => /^[^=;]*device=/i.test(value))
      if (deviceCookie) device = deviceCookie.split(';')[0] ?? null
      return { status: res.status, headers: res.headers, body, json: <T>() => JSON.parse(body) as T }
    },
    signIn: (password = CLUSTER_PASSWORD) => person.request('/api/console/sign-in', { json: { email, password } }),
    signOut: () => person.request('/api/console/sign-out', { method: 'POST' }),
  }
  return person
}
