// Everyone's exports on one instance together (CONSOLE_EXPORTS_PER_INSTANCE): each holds its selection in memory while
// it streams, so past the instance's number another person's export waits for one to end, and is answered 503 with
// Retry-After once the wait runs out, without keeping that person's own slot. On both stores (the person's slots are
// the store's).
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConsoleStore } from '../store'
import { openTestStore } from '../test-support/test-store'
import { createExportTurns } from './export-turns'

let store: ConsoleStore
beforeAll(async () => {
  store = await openTestStore()
})
afterAll(async () => {
  await store.close()
})

/** An app whose exports hold their slot until the test ends them, as a stream being read does. */
function exportingApp(waitMs: number, perPerson = 2, perInstance = 1) {
  const turns = createExportTurns({ store, perPerson, perInstance, now: Date.now, waitMs })
  const ends = new Map<string, () => void>()
  const app = new Hono().get('/export/:user/:id', async (c) => {
    const claim = await turns.claim(c, c.req.param('user'))
    if (claim instanceof Response) return claim
    await new Promise<void>((end) => ends.set(c.req.param('id'), end))
    await claim.release()
    return c.text('done')
  })
  const end = async (id: string) => {
    while (!ends.has(id)) await new Promise((tick) => setTimeout(tick, 5))
    ends.get(id)?.()
  }
  return { app, end, begun: (id: string) => ends.has(id) }
}

describe('an instance’s exports, everyone’s together', () => {
  it('holds another person’s export while the instance streams its number, and starts it when one ends', async () => {
    const { app, end, begun } = exportingApp(10_000)
    const first = app.request('/export/ann/1')
    await new Promise((tick) => setTimeout(tick, 20))
    const second = app.request('/export/bob/2')
    await new Promise((tick) => setTimeout(tick, 100))
    expect(begun('1')).toBe(true)
    expect(begun('2')).toBe(false)
    await end('1')
    expect((await first).status).toBe(200)
    await end('2')
    expect((await second).status).toBe(200)
  })

  it('answers 503 with Retry-After once the wait runs out, and frees the person’s own slot', async () => {
    const { app, end } = exportingApp(50)
    const first = app.request('/export/ann/1')
    await new Promise((tick) => setTimeout(tick, 20))
    const refused = await app.request('/export/bob/2')
    expect(refused.status).toBe(503)
    expect(refused.headers.get('Retry-After')).toBe('10')
    expect(refused.headers.get('Content-Type')).toContain('application/problem+json')
    expect(((await refused.json()) as { title: string }).title).toBe('The console is busy exporting')
    await end('1')
    expect((await first).status).toBe(200)
    // Bob's slot went back with the refusal: another instance on the same store, where he may have one export at
    // once, begins his at once (a slot kept would make it wait, then refuse it with a 429).
    const other = exportingApp(50, 1, 5)
    const again = other.app.request('/export/bob/3')
    await other.end('3')
    expect((await again).status).toBe(200)
  })
})
