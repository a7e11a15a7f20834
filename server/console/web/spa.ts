// The built dashboard: hashed assets cached for a year, gzipped; every client-side
// route gets index.html, with who is signed in written into it. Someone signed out is sent to /sign-in from any
// other page, and gets the light sign-in document there (sign-in.html, vite.config.ts): the first page a person
// opens downloads neither the dashboard's router nor its queries.
import { readFile } from 'node:fs/promises'
import { serveStatic } from '@hono/node-server/serve-static'
import { type Context, Hono } from 'hono'
import { compress } from 'hono/compress'
import {
  PUBLIC_PAGES,
  SESSION_ELEMENT_ID,
  type SessionState,
  SIGN_IN_PAGE,
} from '../../../src/api/contract/console-schemas'

/**
 * The session as a JSON data block (not a script: the CSP has nothing to allow). The first page
 * then knows who is signed in without a round trip before its data can be fetched.
 * `<` is escaped, so no value can close the element.
 */
export function sessionDataBlock(state: SessionState): string {
  const json = JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `<script id="${SESSION_ELEMENT_ID}" type="application/json">${json}</script>`
}

export function spaRoutes(distDir: string, sessionOf: (c: Context) => Promise<SessionState>) {
  const page = async (c: Context, state?: SessionState) => {
    state ??= await sessionOf(c)
    // As the dashboard's root route would, one page load sooner: the page first asked for is where signing in leads.
    if (!state.user && !PUBLIC_PAGES.includes(c.req.path)) {
      const url = new URL(c.req.url)
      return c.redirect(`${SIGN_IN_PAGE}?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`, 302)
    }
    const html = await readFile(`${distDir}/index.html`, 'utf8').catch(() => null)
    if (html === null) return c.text('index.html is missing: run `npm run build` first.', 500)
    // no-store: it names who is signed in, and after sign-out the back button must not bring it back.
    c.header('Cache-Control', 'no-store')
    const block = sessionDataBlock(state)
    return c.html(html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : `${block}${html}`)
  }
  const signInPage = async (c: Context) => {
    const state = await sessionOf(c)
    if (state.user) return page(c, state)
    const html = await readFile(`${distDir}/sign-in.html`, 'utf8').catch(() => null)
    if (html === null) return page(c, state)
    c.header('Cache-Control', 'no-cache')
    return c.html(html)
  }
  return new Hono()
    .use('*', compress())
    .use('*', async (c, next) => {
      await next()
      if (c.res.status !== 200 || c.res.headers.has('Cache-Control')) return
      // Vite puts a content hash in every file name under assets/, so they never change.
      const hashed = c.req.path.startsWith('/assets/')
      c.res.headers.set('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
    })
    .get('/', (c) => page(c))
    .get('/index.html', (c) => page(c))
    .get(SIGN_IN_PAGE, signInPage)
    .use('*', serveStatic({ root: distDir }))
    .get('*', async (c) => {
      if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not found', 404)
      return page(c)
    })
}
