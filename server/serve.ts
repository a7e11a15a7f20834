// `npm run serve`: the built dashboard (dist/) with strict security headers and
// the same-origin voice API proxy. Configuration comes from the environment.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { createVoiceProxy, isProxiedPath } from './proxy'
import { foreignOrigin, securityHeaders } from './security-headers'

// DASHBOARD_DIST lets parallel test runs serve their own builds.
const DIST = process.env.DASHBOARD_DIST ?? fileURLToPath(new URL('../dist', import.meta.url))
const port = Number(process.env.PORT ?? 4173)
const hostname = process.env.HOST ?? '127.0.0.1'
const upstream = process.env.VOICE_API_BASE_URL ?? 'http://127.0.0.1:8787'
const selfOrigins = [`http://${hostname}:${port}`, `http://localhost:${port}`, `http://127.0.0.1:${port}`]

const proxy = createVoiceProxy({
  upstream,
  apiKey: process.env.VOICE_API_KEY,
  storageUpstream: process.env.VOICE_STORAGE_UPSTREAM,
})
const headers = securityHeaders({ storageOrigin: foreignOrigin(process.env.VOICE_STORAGE_URL, selfOrigins) })

const app = new Hono()

app.use(async (c, next) => {
  await next()
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
})

app.all('*', async (c, next) => {
  if (isProxiedPath(c.req.path)) return proxy(c.req.raw)
  return next()
})

app.use(
  '*',
  serveStatic({
    root: DIST,
    onFound: (path, c) => {
      // Vite puts a content hash in every file name under assets/, so they never change.
      const hashed = path.includes('/assets/')
      c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  }),
)

// Client-side routes (/calls/call_123 ...) all load the SPA; missing files stay 404.
app.get('*', async (c) => {
  if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not found', 404)
  const html = await readFile(`${DIST}/index.html`, 'utf8').catch(() => null)
  if (html === null) return c.text('dist/index.html is missing: run `npm run build` first.', 500)
  c.header('Cache-Control', 'no-cache')
  return c.html(html)
})

serve({ fetch: app.fetch, port, hostname }, (info) => {
  // The key is never printed; only whether one is configured.
  const keyNote = process.env.VOICE_API_KEY ? 'with a server-side API key' : 'without an API key (Connect page)'
  console.log(`Dashboard on http://${info.address}:${info.port}, voice API at ${upstream} ${keyNote}`)
})
