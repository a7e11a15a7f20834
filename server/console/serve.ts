// `npm run serve`: the built dashboard (dist/) with strict security headers and
// the same-origin voice API proxy. Configuration comes from the environment.
import { readFile } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { createVoiceProxy, isProxiedPath } from './proxy'
import { foreignOrigin, securityHeaders } from './security-headers'

export interface DashboardOptions {
  distDir: string
  upstream: string
  apiKey?: string
  storageUpstream?: string
  /** Public base URL of recordings, when they are not served through this origin. */
  storageUrl?: string
  selfOrigins: string[]
}

export function createDashboardApp(options: DashboardOptions): Hono {
  const proxy = createVoiceProxy({
    upstream: options.upstream,
    apiKey: options.apiKey,
    storageUpstream: options.storageUpstream,
  })
  const headers = securityHeaders({ storageOrigin: foreignOrigin(options.storageUrl, options.selfOrigins) })
  const app = new Hono()

  app.use(async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
  })

  app.all('*', async (c, next) => {
    // Any other /api/ path goes to the proxy too, which refuses it with a problem+json 404:
    // an API client should never get the SPA's HTML instead.
    if (isProxiedPath(c.req.path) || c.req.path.startsWith('/api/')) return proxy(c.req.raw)
    return next()
  })

  // The app's own files only: proxied answers (recordings with Range above all) pass through untouched.
  app.use('*', compress())
  app.use('*', async (c, next) => {
    await next()
    if (c.res.status !== 200 || c.res.headers.has('Cache-Control')) return
    // Vite puts a content hash in every file name under assets/, so they never change.
    const hashed = c.req.path.startsWith('/assets/')
    c.res.headers.set('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
  })
  app.use('*', serveStatic({ root: options.distDir }))

  // Client-side routes (/calls/call_123 ...) all load the SPA; missing files stay 404.
  app.get('*', async (c) => {
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not found', 404)
    const html = await readFile(`${options.distDir}/index.html`, 'utf8').catch(() => null)
    if (html === null) return c.text('index.html is missing: run `npm run build` first.', 500)
    c.header('Cache-Control', 'no-cache')
    return c.html(html)
  })

  return app
}

function main() {
  const port = Number(process.env.PORT ?? 4173)
  const hostname = process.env.HOST ?? '127.0.0.1'
  const upstream = process.env.VOICE_API_BASE_URL ?? 'http://127.0.0.1:8787'
  const app = createDashboardApp({
    // DASHBOARD_DIST lets parallel test runs serve their own builds.
    distDir: process.env.DASHBOARD_DIST ?? fileURLToPath(new URL('../dist', import.meta.url)),
    upstream,
    apiKey: process.env.VOICE_API_KEY,
    storageUpstream: process.env.VOICE_STORAGE_UPSTREAM,
    storageUrl: process.env.VOICE_STORAGE_URL,
    selfOrigins: [`http://${hostname}:${port}`, `http://localhost:${port}`, `http://127.0.0.1:${port}`],
  })
  serve({ fetch: app.fetch, port, hostname }, (info) => {
    // The key is never printed; only whether one is configured.
    const keyNote = process.env.VOICE_API_KEY ? 'with a server-side API key' : 'without an API key (Connect page)'
    console.log(`Dashboard on http://${info.address}:${info.port}, voice API at ${upstream} ${keyNote}`)
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main()
