// Migration 0039 on a real PostgreSQL: a sign-in (its last_sign_in_at) tells no instance to forget the sessions it
// keeps; a change of what a kept session holds of its person does, from any connection (psql here).
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../../../shared/test-support/eventually'
import { keptSession } from '../../test-support/kept-session'
import { onPostgres, testStoreLocation } from '../../test-support/test-store'
import { type ConsoleStore, openStore } from '..'
import { migrationProviderFor } from '../migrations'
import { SESSION_WITH_USER } from '../sessions'
import { sendNotice } from './notice-listener'
import { PERSON_COLUMNS_TOLD } from './person-change-trigger'
import { SESSION_CHANGES } from './session-change-triggers'

let store: ConsoleStore | null = null
let admin: pg.Client | null = null
afterEach(async () => {
  await admin?.end()
  admin = null
  await store?.close()
  store = null
})

/** A store that keeps sessions, what it hears on SESSION_CHANGES, and a psql-like connection of its own. */
async function watching() {
  const location = await testStoreLocation()
  const opened = await openStore(location, undefined, { connections: 2, watchSessions: true })
  store = opened
  admin = new pg.Client({ connectionString: location })
  await admin.connect()
  const heard: string[] = []
  let listening = false
  opened.notices?.listen({
    channels: { [SESSION_CHANGES]: (payload) => heard.push(payload) },
    onListening: () => {
      listening = true
    },
  })
  await eventually(() => expect(listening).toBe(true))
  let markers = 0
  /**
   * What was heard up to now: a marker sent after the writes comes back after their notices (NOTIFY keeps the
   * order of commits), and the sessions take a payload so begun for none (session-notices.ts).
   */
  const heardSoFar = async (): Promise<string[]> => {
    const marker = `told order-${++markers}`
    await sendNotice(opened.db, SESSION_CHANGES, marker)
    await eventually(() => expect(heard).toContain(marker))
    const changes = heard.filter((payload) => !payload.startsWith('told '))
    heard.length = 0
    return changes
  }
  return { store: opened, admin, heardSoFar }
}

describe.runIf(onPostgres())('the notice of a change to a person (migration 0039)', () => {
  it('sends none for a sign-in, nor for a change to a value it already had: the kept session stays', async () => {
    const { store, admin, heardSoFar } = await watching()
    const { userId, idHash } = await keptSession(store)
    // The person added (0038's notice).
    expect(await heardSoFar()).toEqual([''])

    await admin.query('update users set last_sign_in_at = $2 where id = $1', [userId, Date.now()])
    await admin.query(`update users set role = 'support', active = 1 where id = $1`, [userId])
    await admin.query(`update users set password_hash = 'y' where id = $1`, [userId])
    expect(await heardSoFar()).toEqual([])
    expect(store.sessions.findKept(idHash)?.role).toBe('support')
  })

  it('sends one for each change of what a kept session holds, and the kept session is forgotten', async () => {
    const { store, admin, heardSoFar } = await watching()
    const { userId, idHash } = await keptSession(store)
    await heardSoFar()
    const changes = [
      `update users set role = 'manager' where id = $1`,
      'update users set active = 0 where id = $1',
      `update users set email = 'ana.b@example.com' where id = $1`,
      `update users set time_zone = 'Europe/Lisbon' where id = $1`,
    ]
    for (const change of changes) {
      await store.sessions.find(idHash)
      expect(store.sessions.findKept(idHash)).toBeDefined()
      await admin.query(change, [userId])
      expect(await heardSoFar()).toEqual([''])
      await eventually(() => expect(store.sessions.findKept(idHash)).toBeUndefined())
    }
    expect(await store.sessions.find(idHash)).toMatchObject({
      role: 'manager',
      active: 0,
      email: 'ana.b@example.com',
      time_zone: 'Europe/Lisbon',
    })
    // Many people changed in one statement: one notice.
    await store.users.add({ email: 'bo@example.com', passwordHash: 'x', role: 'support', now: 1 })
    await heardSoFar()
    await admin.query(`update users set role = 'admin'`)
    expect(await heardSoFar()).toEqual([''])
  })

  it('watches every column of a person that a kept session holds', async () => {
    const { admin } = await watching()
    const held = SESSION_WITH_USER.filter((column) => column.startsWith('users.')).map((column) => column.slice(6))
    expect(PERSON_COLUMNS_TOLD).toEqual(expect.arrayContaining(held))
    // Read from the migrated database's trigger, not from the constant: a column the cache comes to hold is told only
    // once a new migration changes the trigger of databases already migrated, and adding it to the constant is not that.
    const { rows } = await admin.query(
      `select pg_get_triggerdef(oid) as definition from pg_trigger where tgname = 'users_changed'`,
    )
    for (const column of held)
      expect(rows[0]?.definition).toMatch(new RegExp(`old\\.${column} IS DISTINCT FROM new\\.${column}`, 'i'))
  })

  it('is taken back to a notice at every update by its down migration, and narrowed again', async () => {
    const { store, admin, heardSoFar } = await watching()
    const { userId } = await keptSession(store)
    const provider = migrationProviderFor(store.adapter)
    const migrator = new Migrator({ db: store.db, provider })
    const down = await migrator.migrateTo('0038_session_change_notices')
    // Later migrations are undone first; 0039 is the last undone.
    expect(down.error).toBeUndefined()
    expect(down.results?.map((result) => result.migrationName).at(-1)).toBe('0039_person_change_notices')
    await heardSoFar()
    await admin.query('update users set last_sign_in_at = 2 where id = $1', [userId])
    expect(await heardSoFar()).toEqual([''])
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    await admin.query('update users set last_sign_in_at = 3 where id = $1', [userId])
    expect(await heardSoFar()).toEqual([])
  })
})
