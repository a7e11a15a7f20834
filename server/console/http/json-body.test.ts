import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { jsonBody } from './json-body'
import { sendProblem } from './problem'

z.config(z.locales.en())

const app = new Hono()
  .post('/', jsonBody(z.object({ name: z.string().check(z.minLength(1)), n: z.int() }), 'Name it and count it.'), (c) =>
    c.json(c.req.valid('json')),
  )
  .post(
    '/own',
    jsonBody(z.object({ token: z.string() }), (c) => sendProblem(c, 410, 'Gone', 'The link is gone.')),
    (c) => c.json(c.req.valid('json')),
  )

const post = (body: string | null, type: string | null = 'application/json', path = '/') =>
  app.request(path, { method: 'POST', body, headers: type ? { 'Content-Type': type } : {} })

async function problemOf(res: Response, status: number) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toBe('application/problem+json')
  return (await res.json()) as { title: string; detail: string; errors?: { field: string; message: string }[] }
}

describe('a route’s JSON body', () => {
  it('reaches the handler parsed, with its charset or a +json type too', async () => {
    expect(await (await post('{"name":"a","n":2}')).json()).toEqual({ name: 'a', n: 2 })
    expect((await post('{"name":"a","n":2}', 'application/json; charset=utf-8')).status).toBe(200)
    expect((await post('{"name":"a","n":2}', 'application/merge-patch+json')).status).toBe(200)
  })

  it('is refused with the route’s sentence and each field’s own message when it does not fit', async () => {
    const body = await problemOf(await post('{"name":"","n":1.5}'), 400)
    expect(body.detail).toBe('Name it and count it.')
    expect(body.errors?.map((e) => e.field).sort()).toEqual(['n', 'name'])
    expect(body.errors?.every((e) => e.message.length > 0)).toBe(true)
    const notAnObject = await problemOf(await post('"just words"'), 400)
    expect(notAnObject.errors?.[0]?.field).toBe('body')
  })

  it('answers what the route chose instead, when it chose', async () => {
    expect((await problemOf(await post('{}', 'application/json', '/own'), 410)).detail).toBe('The link is gone.')
    expect((await post('{"token":"t"}', 'application/json', '/own')).status).toBe(200)
  })

  it('is a 400 problem, never a 5xx, when it is broken, empty or not JSON at all', async () => {
    for (const broken of ['{"name":', '', 'not json'])
      expect((await problemOf(await post(broken), 400)).errors).toEqual([{ field: 'body', message: 'Not valid JSON.' }])
    expect((await problemOf(await post(null), 400)).title).toBe('The request body is not JSON')
  })

  it('is a 415 problem when it is sent as anything but JSON, whatever it holds', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', null])
      expect((await problemOf(await post('{"name":"a","n":2}', type), 415)).detail).toMatch(
        /Content-Type: application\/json/,
      )
  })
})
