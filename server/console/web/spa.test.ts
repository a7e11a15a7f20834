// The built dashboard as the console serves it (ported from the old serve.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../http/security-headers'
import { createTestConsole, expectProblem, type TestConsole } from '../test-support/console-app'

let t: TestConsole

beforeAll(async () => {
  t = await createTestConsole()
})
afterAll(() => t.store.close())

describe('the SPA', () => {
  it('serves index.html for client-side routes, uncached, with strict headers', async () => {
    for (const path of ['/', '/calls/call_123', '/sign-in', '/usage']) {
      const res = await t.request(path)
      expect(res.status, path).toBe(200)
      expect(await res.text()).toContain('id="root"')
    }
    const res = await t.request('/calls/call_123')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("base-uri 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })

  it('caches hashed assets for a year and answers a missing file 404, not index.html', async () => {
    const asset = await t.request('/assets/index-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const missing = await t.request('/assets/missing.js')
    expect(missing.status).toBe(404)
    expect(await missing.text()).not.toContain('id="root"')
  })

  it("gzips the app's files for browsers that accept it", async () => {
    const res = await t.request('/assets/big-abc123.js', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const plain = await t.request('/assets/big-abc123.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
  })

  it('answers other /api/ paths with a problem+json 404, not the SPA', async () => {
    for (const path of ['/api/v1/other', '/api/v2/voice/account', '/api/console/nothing']) {
      const res = await t.request(path)
      await expectProblem(res, 404)
      expect(res.headers.get('content-security-policy')).toBeTruthy()
    }
  })
})

describe('the content security policy', () => {
  it('lets the page fetch nothing from another origin, storage included: recordings come through the console', async () => {
    const withStorage = await createTestConsole({ storageUrl: 'https://storage.example.com/recordings' })
    const csp = (await withStorage.request('/calls')).headers.get('content-security-policy')
    const directive = (name: string) => csp?.split('; ').find((d) => d.startsWith(`${name} `))
    expect(directive('connect-src')).toBe("connect-src 'self'")
    expect(directive('media-src')).toBe("media-src 'self' blob:")
    expect(directive('script-src')).toBe("script-src 'self'")
    expect(csp).toBe(contentSecurityPolicy())
    await withStorage.store.close()
  })
})
