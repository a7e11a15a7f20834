// The built dashboard: hashed assets cached for a year, gzipped; every client-side
// route gets index.html.
import { readFile } from 'node:fs/promises'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { compress } from 'hono/compress'

export function spaRoutes(distDir: string) {
  return new Hono()
    .use('*', compress())
    .use('*', async (c, next) => {
      await next()
      if (c.res.status !== 200 || c.res.headers.has('Cache-Control')) return
      // Vite puts a content hash in every file name under assets/, so they never change.
      const hashed = c.req.path.startsWith('/assets/')
      c.res.headers.set('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
    })
    .use('*', serveStatic({ root: distDir }))
    .get('*', async (c) => {
      if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not found', 404)
      const html = await readFile(`${distDir}/index.html`, 'utf8').catch(() => null)
      if (html === null) return c.text('index.html is missing: run `npm run build` first.', 500)
      // no-store: after sign-out, the back button must not bring a page back from a cache.
      c.header('Cache-Control', 'no-store')
      return c.html(html)
    })
}
