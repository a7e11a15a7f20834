import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, foreignOrigin } from './security-headers'
import { createDashboardApp } from './serve'

const dist = mkdtempSync(join(tmpdir(), 'dashboard-dist-'))
mkdirSync(join(dist, 'assets'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
writeFileSync(join(dist, 'assets', 'big-abc123.js'), `export const words = ${JSON.stringify('call '.repeat(2000))}`)

const app = createDashboardApp({
  distDir: dist,
  // Nothing listens here: API requests must come back as a readable 502.
  upstream: 'http://127.0.0.1:9',
  apiKey: 'sim_demo_key_acme',
  selfOrigins: ['http://127.0.0.1:4173'],
})

describe('the production server', () => {
  it('serves the SPA for client-side routes, with strict headers', async () => {
    const res = await app.request('http://127.0.0.1:4173/calls/call_123')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('id="root"')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("base-uri 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('caches hashed assets for a year and 404s missing files', async () => {
    const asset = await app.request('http://127.0.0.1:4173/assets/index-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await app.request('http://127.0.0.1:4173/assets/missing.js')).status).toBe(404)
  })

  it("gzips the app's files for browsers that accept it", async () => {
    const res = await app.request('http://127.0.0.1:4173/assets/big-abc123.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const plain = await app.request('http://127.0.0.1:4173/assets/big-abc123.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
  })

  it('routes the voice API to the proxy, with a problem+json when upstream is down', async () => {
    const res = await app.request('http://127.0.0.1:4173/api/v1/voice/account')
    expect(res.status).toBe(502)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(res.headers.get('content-security-policy')).toBeTruthy()
  })

  it('refuses other /api/ paths with a problem+json 404, not the SPA', async () => {
    for (const path of ['/api/v1/other', '/api/v2/voice/account']) {
      const res = await app.request(`http://127.0.0.1:4173${path}`)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type'), path).toBe('application/problem+json')
    }
  })
})

describe('security headers', () => {
  it('lets the browser fetch recordings from a configured storage origin, and nothing else', async () => {
    const withStorage = createDashboardApp({
      distDir: dist,
      upstream: 'http://127.0.0.1:9',
      storageUrl: 'https://storage.example.com/recordings',
      selfOrigins: ['http://127.0.0.1:4173'],
    })
    const csp = (await withStorage.request('http://127.0.0.1:4173/calls')).headers.get('content-security-policy')
    const directive = (name: string) => csp?.split('; ').find((d) => d.startsWith(`${name} `))
    expect(directive('connect-src')).toBe("connect-src 'self' https://storage.example.com")
    expect(directive('media-src')).toBe("media-src 'self' blob: https://storage.example.com")
    expect(directive('script-src')).toBe("script-src 'self'")
  })

  it('names the storage origin only when it is another origin', () => {
    const self = ['http://127.0.0.1:4173']
    expect(foreignOrigin('http://127.0.0.1:4173/storage', self)).toBeNull()
    expect(foreignOrigin('https://storage.example.com/rec', self)).toBe('https://storage.example.com')
    expect(foreignOrigin('not a url', self)).toBeNull()
    const csp = contentSecurityPolicy({ storageOrigin: 'https://storage.example.com' })
    expect(csp).toContain("connect-src 'self' https://storage.example.com")
    expect(csp).toContain("media-src 'self' blob: https://storage.example.com")
  })
})
