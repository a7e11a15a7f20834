import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { jsonBody } from './json-body'
import { sendProblem } from './problem'
import { queryString } from './query-string'

z.config(z.locales.en())

const page = z.object({ limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1))), q: z.optional(z.string()) })

const app = new Hono()
  .get('/', queryString(page, 'Check the page asked for.'), (c) => c.json(c.req.valid('query')))
  .get('/titled', queryString(page, { detail: 'Check the page.', title: 'Invalid page' }), (c) => c.json({}))
  .get(
    '/ids',
    queryString(z.object({ id: z.optional(z.array(z.string().check(z.regex(/^\w+$/)))) }), 'Name calls.', {
      lists: ['id'],
    }),
    (c) => c.json(c.req.valid('query')),
  )
  .get(
    '/own',
    queryString(page, (c, _error, sent) => sendProblem(c, 422, 'Not that page', `No page ${String(sent.limit)}.`)),
    (c) => c.json({}),
  )
  .post('/body', jsonBody(page, 'Check the page asked for.'), (c) => c.json({}))

async function problemOf(res: Response, status: number) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toBe('application/problem+json')
  return (await res.json()) as { title: string; detail: string; errors?: { field: string; message: string }[] }
}

describe('a route’s query string', () => {
  it('reaches the handler parsed by its schema', async () => {
    expect(await (await app.request('/?limit=20&q=ada')).json()).toEqual({ limit: 20, q: 'ada' })
    expect(await (await app.request('/')).json()).toEqual({})
  })

  it('is refused as a body is, with the route’s sentence and the field named in words', async () => {
    const query = await problemOf(await app.request('/?limit=0'), 400)
    const body = await problemOf(
      await app.request('/body', {
        method: 'POST',
        body: '{"limit":0}',
        headers: { 'Content-Type': 'application/json' },
      }),
      400,
    )
    expect(query).toEqual(body)
    expect(query.title).toBe('Your request has invalid fields')
    expect(query.detail).toBe('Check the page asked for.')
    expect(query.errors).toEqual([{ field: 'limit', message: expect.stringMatching(/>=\s*1|at least|greater/i) }])
  })

  it('carries the route’s own title, or its own answer given what was sent', async () => {
    const titled = await problemOf(await app.request('/titled?limit=x'), 400)
    expect([titled.title, titled.detail]).toEqual(['Invalid page', 'Check the page.'])
    expect((await problemOf(await app.request('/own?limit=-4'), 422)).detail).toBe('No page -4.')
  })

  it('reads a parameter given twice as its first value, as c.req.query() does, and a list as a list', async () => {
    expect(await (await app.request('/?limit=3&limit=oops')).json()).toEqual({ limit: 3 })
    expect(await (await app.request('/ids?id=a')).json()).toEqual({ id: ['a'] })
    expect(await (await app.request('/ids?id=a&id=b')).json()).toEqual({ id: ['a', 'b'] })
    expect((await problemOf(await app.request('/ids?id=a&id=b%20c'), 400)).errors?.[0]?.field).toBe('id.1')
  })
})
