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
    await t.addUser('pages@example.com', 'support')
    const cookie = await t.signIn('pages@example.com')
    for (const path of ['/', '/calls/call_123', '/sign-in', '/set-up', '/usage']) {
      const res = await t.request(path, { cookie })
      expect(res.status, path).toBe(200)
      expect(await res.text()).toContain('id="root"')
    }
    const res = await t.request('/calls/call_123', { cookie })
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

  it('sends someone signed out to /sign-in from any page but the public ones, keeping where they were going', async () => {
    for (const [path, redirect] of [
      ['/', '%2F'],
      ['/calls/call_123', '%2Fcalls%2Fcall_123'],
      ['/usage?from=2026-11-01&x=%3Cb%3E', '%2Fusage%3Ffrom%3D2026-11-01%26x%3D%253Cb%253E'],
      ['/no-such-page', '%2Fno-such-page'],
    ]) {
      const res = await t.request(path as string)
      expect(res.status, path).toBe(302)
      expect(res.headers.get('location'), path).toBe(`/sign-in?redirect=${redirect}`)
    }
    // Setting up an invited account needs no session: the dashboard's page, whose token is in the fragment.
    const setUp = await t.request('/set-up')
    expect(setUp.status).toBe(200)
    expect(await setUp.text()).toContain('id="root"')
  })

  it('serves a cold /sign-in the sign-in document while signed out, and the dashboard once signed in', async () => {
    const signedOut = await t.request('/sign-in?redirect=%2Fusage')
    expect(signedOut.status).toBe(200)
    expect(await signedOut.text()).toContain('<title>Sign in</title>')
    expect(signedOut.headers.get('content-security-policy')).toBe(contentSecurityPolicy())
    await t.addUser('sign-in-document@example.com', 'support')
    const cookie = await t.signIn('sign-in-document@example.com')
    // The dashboard's own /sign-in then sends the person on to where they were going.
    const signedIn = await t.request('/sign-in?redirect=%2Fusage', { cookie })
    const html = await signedIn.text()
    expect(html).not.toContain('<title>Sign in</title>')
    expect(html).toContain('sign-in-document@example.com')
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
