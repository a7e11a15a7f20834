import { connect } from 'node:net'
import { API_PREFIX, type ListCallsResponse } from '../src/api/contract/schemas'
import { ports } from './support/servers'
import { expect, type Page, test } from './support/test'

const API = API_PREFIX

/** Collects CSP violations and dialogs the page raises, from before its first script runs. */
async function watchForTrouble(page: Page) {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { __cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  return {
    dialogs,
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  }
}

async function completedCallId(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const res = await request.get(`${API}/calls`, { params: { status: 'DIALER_COMPLETED', limit: 1 } })
  const id = ((await res.json()) as ListCallsResponse).calls[0]?.call_id
  if (!id) throw new Error('The seeded simulator has no completed call')
  return id
}

test('npm run serve sends a strict CSP and the app runs under it without a violation', async ({ page, request }) => {
  const trouble = await watchForTrouble(page)
  const response = await page.goto('/calls')
  const headers = response?.headers() ?? {}
  const csp = Object.fromEntries(
    (headers['content-security-policy'] ?? '').split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/)
      return [name, values.join(' ')]
    }),
  )
  expect(csp['script-src']).toBe("'self'")
  expect(csp['object-src']).toBe("'none'")
  expect(csp['base-uri']).toBe("'none'")
  expect(csp['frame-ancestors']).toBe("'none'")
  // Same-origin storage through the proxy: nothing else may be fetched.
  expect(csp['connect-src']).toBe("'self'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('no-referrer')

  await expect(page.getByRole('table', { name: /calls/i })).toBeVisible()
  await page.goto(`/calls/${await completedCallId(request)}`)
  await expect(page.getByRole('heading', { name: /^Call to / })).toBeVisible()
  for (const path of ['/usage', '/caller-ids', '/calls/new']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  }
  expect(await trouble.violations()).toEqual([])
  expect(trouble.dialogs).toEqual([])
})

test('HTML and javascript: URLs in API data stay inert text', async ({ page, request }) => {
  const trouble = await watchForTrouble(page)
  const callId = await completedCallId(request)
  const script = 'javascript:alert(document.domain)'
  const html = '<img src=x onerror=alert(1)><a href="javascript:alert(2)">click</a>'
  // The service is the attacker here: its answers carry script in every free-text and URL field.
  await page.route(`**${API}/calls/${callId}`, async (route) => {
    const body = await (await route.fetch()).json()
    await route.fulfill({ json: { ...body, recording_url: script, metadata: { note: html, link: script } } })
  })
  await page.route(`**${API}/calls/${callId}/recordings`, (route) =>
    route.fulfill({
      json: { call_id: callId, recordings: [{ url: script, format: 'wav', channels: 2, duration_seconds: 5 }] },
    }),
  )
  await page.goto(`/calls/${callId}`)
  await expect(page.getByRole('cell', { name: html, exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: script, exact: true })).toBeVisible()
  await expect(page.getByText('Recording 1 cannot be played')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download' })).toHaveCount(0)
  await expect(page.locator('main img, [href^="javascript" i], [src^="javascript" i]')).toHaveCount(0)
  expect(trouble.dialogs).toEqual([])
  expect(await trouble.violations()).toEqual([])
})

/** One raw HTTP/1.1 request, so the request line can be absolute-form, as a proxy client would send. */
function rawRequest(requestLine: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(ports.app, '127.0.0.1', () => {
      socket.end(`${requestLine}\r\nHost: 127.0.0.1:${ports.app}\r\nConnection: close\r\n\r\n`)
    })
    let answer = ''
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')))
    socket.on('data', (chunk) => {
      answer += chunk.toString()
    })
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

test("the proxy is not an open proxy, and forwards only the spec's operations", async ({ request }) => {
  for (const path of ['/api/v1/other', '/api/v1/voiceover/calls', '/api/v2/voice/account']) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(404)
    expect(res.headers()['content-type'], path).toBe('application/problem+json')
  }
  // Absolute-form for another host: a DNS-rebinding page or a proxy client gets nothing.
  const absolute = await rawRequest('GET http://example.com/api/v1/voice/account HTTP/1.1')
  expect(absolute).toMatch(/^HTTP\/1\.1 421 /)
  expect(absolute).toContain('application/problem+json')
  for (const path of [`${API}/..%2F..%2Fadmin`, `${API}/calls/..;/account`, `${API}/calls/%252e%252e/account`]) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(404)
    expect(res.headers()['content-type'], path).toBe('application/problem+json')
  }
})
