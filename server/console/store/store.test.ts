import { chmodSync, existsSync, mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createSessionService } from '../auth/sessions'
import { openTestStore } from '../test-support/test-store'
import { openStore } from './'
import { migrationProviderFor } from './migrations'

const tempDb = () => join(mkdtempSync(join(tmpdir(), 'console-store-')), 'nested', 'console.sqlite')
const POLICY = { idleMs: 60 * 60_000, absoluteMs: 12 * 60 * 60_000 }

describe('the console store', () => {
  it('keeps users and sessions across a restart', async () => {
    const path = tempDb()
    const first = await openStore(path)
    const user = await first.users.add({ email: 'ana@example.com', passwordHash: 'h', role: 'manager', now: 1 })
    const { token } = await createSessionService(first, POLICY, Date.now).start(user.id)
    await first.close()

    const second = await openStore(path)
    expect(await second.users.byEmail('ana@example.com')).toMatchObject({ id: user.id, role: 'manager', active: 1 })
    const session = await createSessionService(second, POLICY, Date.now).resolve(token)
    expect(session).toMatchObject({ userId: user.id, email: 'ana@example.com', role: 'manager' })
    await second.close()
  })

  it('creates its file readable by its owner only (0600), and tightens an older file', async () => {
    const path = tempDb()
    const store = await openStore(path)
    await store.users.add({ email: 'ana@example.com', passwordHash: 'h', role: 'admin', now: 1 })
    expect(statSync(path).mode & 0o777).toBe(0o600)
    // The write-ahead log holds the same rows until a checkpoint.
    for (const side of [`${path}-wal`, `${path}-shm`]) {
      if (existsSync(side)) expect(statSync(side).mode & 0o777, side).toBe(0o600)
    }
    await store.close()
    chmodSync(path, 0o644)
    await (await openStore(path)).close()
    expect(statSync(path).mode & 0o777).toBe(0o600)
  })

  it('migrates an existing file without losing rows or running a migration twice', async () => {
    const path = tempDb()
    await (await openStore(path)).close()
    const again = await openStore(path)
    const migrations = await again.db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .execute()
    // Each once, in name order.
    expect(migrations.map((m) => (m as { name: string }).name)).toEqual(
      Object.keys(await migrationProviderFor(again.adapter).getMigrations()).sort(),
    )
    await again.close()
  })

  it('matches emails case-insensitively and refuses a second account for the same email', async () => {
    const store = await openTestStore()
    await store.users.add({ email: ' Ana@Example.com ', passwordHash: 'h', role: 'support', now: 1 })
    expect((await store.users.byEmail('ANA@example.COM'))?.email).toBe('ana@example.com')
    await expect(
      store.users.add({ email: 'ana@example.com', passwordHash: 'h', role: 'admin', now: 1 }),
    ).rejects.toThrow()
    await store.close()
  })

  it('sweeps sessions past their absolute end or idle too long, and keeps the live ones', async () => {
    const store = await openTestStore()
    const user = await store.users.add({ email: 'ana@example.com', passwordHash: 'h', role: 'support', now: 1 })
    const row = (id: string, lastSeen: number, expires: number) => ({
      id_hash: id,
      user_id: user.id,
      created_at: 0,
      last_seen_at: lastSeen,
      expires_at: expires,
    })
    await store.sessions.insert(row('live', 900, 5000))
    await store.sessions.insert(row('idle', 100, 5000))
    await store.sessions.insert(row('ended', 990, 1000))
    await store.sessions.deleteExpired(1000, 500)
    const left = await store.db.selectFrom('sessions').select('id_hash').execute()
    expect(left.map((r) => r.id_hash)).toEqual(['live'])
    await store.close()
  })
})
