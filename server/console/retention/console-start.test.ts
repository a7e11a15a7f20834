// The prune as the console's start wires it (server.ts): a console started with retention windows prunes what its
// store held before it started, audits the counts, and closes cleanly (its lease given up) at shutdown.
import { afterEach, expect, it } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import { openStore } from '../store'
import { indexCalls } from '../test-support/indexed-calls'
import { startTestServer, type TestServer } from '../test-support/running-console'
import { onPostgres, testStoreLocation } from '../test-support/test-store'
import { RETENTION_LEASE } from './console-retention'

const DAY = 24 * 60 * 60_000
let running: TestServer | null = null
afterEach(async () => {
  await running?.close()
  running = null
})

it('prunes at start what is past its window, audits the counts, and gives its lease up at shutdown', async () => {
  const location = await testStoreLocation({ file: true })
  const seeded = await openStore(location)
  const ana = await seeded.users.add({ email: 'ana@example.com', passwordHash: 'x', role: 'support', now: Date.now() })
  // Relative to the moment the test runs, whatever the date: far past a 30-day window, and well within it.
  const old = Date.now() - 400 * DAY
  const recent = Date.now() - DAY
  await indexCalls(seeded, [
    { call_id: 'call_old', created_at: new Date(old).toISOString(), owner: ana.id },
    { call_id: 'call_recent', created_at: new Date(recent).toISOString(), owner: ana.id },
  ])
  await seeded.callWork.saveNote('call_old', 'an old note', ana.id, old)
  await seeded.callWork.recordOutcome('call_old', 'reached', ana.id, old)
  await seeded.callWork.saveNote('call_recent', 'a recent note', ana.id, recent)
  await seeded.close()

  running = await startTestServer({
    ...(onPostgres() ? { CONSOLE_DATABASE_URL: location } : { CONSOLE_DB: location }),
    CONSOLE_RETENTION_CALLS_DAYS: '30',
    CONSOLE_RETENTION_NOTES_DAYS: '30',
  })
  const { store } = running
  const [entry] = await eventually(async () => {
    const entries = await store.audit.page({ action: 'retention.pruned' }, 5)
    expect(entries).toHaveLength(1)
    return entries
  })
  expect(JSON.parse(entry?.detail ?? '')).toEqual({
    calls: 1,
    placements: 1,
    notes: 1,
    outcomes: 1,
    scores: 0,
    calls_days: 30,
    notes_days: 30,
  })
  expect((await store.callWork.noteOf('call_recent'))?.text).toBe('a recent note')
  expect(await store.callWork.noteOf('call_old')).toBeNull()
  expect(running.lines.some((line) => line.includes('"retention prune done"'))).toBe(true)

  const leaseIn = (db: typeof store.db) =>
    db
      .selectFrom('console_leases')
      .select(['holder', 'expires_at'])
      .where('name', '=', RETENTION_LEASE)
      .executeTakeFirst()
  expect((await leaseIn(store.db))?.holder).toBe(running.instanceId)

  const server = running
  running = null
  await server.close()
  const after = await openStore(location)
  const lease = await leaseIn(after.db)
  await after.close()
  // Given up at its close, so another instance takes the daily prune over at once.
  expect(lease).toMatchObject({ holder: server.instanceId, expires_at: 0 })
})
