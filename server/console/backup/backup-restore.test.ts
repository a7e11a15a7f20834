// Backups and restores of a SQLite store as an operator takes them: a console serving from its own process in front of
// the real simulator, people placing calls, saving views and exporting while `npm run console -- backup` runs in
// another process, then `restore` into a new place and into a stopped deployment.
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../auth/passwords'
import { openStore } from '../store'
import { runConsoleCli } from '../test-support/cli-process'
import { type ClusterPerson, clusterPerson } from '../test-support/cluster-person'
import { CLUSTER_PASSWORD } from '../test-support/console-cluster'
import { type ConsoleProcess, consoleProcess } from '../test-support/console-process'
import { freePort } from '../test-support/free-port'
import { type SimulatorProcess, startSimulatorProcess } from '../test-support/simulator-process'
import { makeDist } from '../test-support/stand-in-dist'
import { findSamples } from '../test-support/voice-samples'

let dir: string
let live: string
let sim: SimulatorProcess
let console_: ConsoleProcess
let url: string
let callerId: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-backup-'))
  live = join(dir, 'live', 'console.sqlite')
  sim = await startSimulatorProcess({ VOICE_SIM_RATE_LIMIT: '100000000' })
  callerId = (await findSamples(sim)).callerId
  const store = await openStore(live)
  const passwordHash = await hashPassword(CLUSTER_PASSWORD)
  await store.users.add({ email: 'ana@example.com', role: 'support', passwordHash, now: Date.now() })
  await store.users.add({ email: 'ben@example.com', role: 'manager', passwordHash, now: Date.now() })
  await store.close()
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  console_ = consoleProcess({
    port,
    logFile: join(dir, 'console.log'),
    env: {
      CONSOLE_DB: live,
      CONSOLE_PUBLIC_URL: url,
      VOICE_API_BASE_URL: sim.url,
      VOICE_API_KEY: sim.key,
      DASHBOARD_DIST: makeDist(dir),
      CONSOLE_LOG: 'json',
      CONSOLE_USER_RATE_LIMIT: '100000',
      CONSOLE_QUERY_RATE_LIMIT: '100000',
    },
  })
  await console_.start()
}, 120_000)

afterAll(async () => {
  await console_?.stop()
  await sim?.stop()
})

const signedIn = async (email: string) => {
  const person = clusterPerson(url, email)
  expect((await person.signIn()).status).toBe(200)
  return person
}

/** What people's work left acknowledged, each with the time its answer came. */
interface Done {
  calls: { callId: string; at: number }[]
  views: { id: string; at: number }[]
  exports: number
}

// A person's pace: the work of two people at their desks, not a load test on a machine shared with others.
const pause = () => new Promise((done) => setTimeout(done, 50))

/** Ana places calls, Ben saves views and exports, until `stop` says so. */
function peopleAtWork(ana: ClusterPerson, ben: ClusterPerson) {
  const done: Done = { calls: [], views: [], exports: 0 }
  let stopping = false
  const placing = (async () => {
    while (!stopping) {
      const res = await ana.request('/api/v1/voice/calls', {
        json: { caller_id: callerId, destination: '+15005550006' },
      })
      expect(res.status).toBe(201)
      done.calls.push({ callId: res.json<{ call_id: string }>().call_id, at: Date.now() })
      await pause()
    }
  })()
  const saving = (async () => {
    while (!stopping) {
      const view = {
        name: `View ${randomUUID().slice(0, 8)}`,
        search: 'status=COMPLETED',
        shared: false,
        pinned: false,
      }
      const res = await ben.request('/api/console/views', { json: view })
      expect(res.status).toBe(201)
      done.views.push({ id: res.json<{ id: string }>().id, at: Date.now() })
      const exported = await ben.request('/api/console/calls/export.csv')
      expect(exported.status).toBe(200)
      done.exports++
      await pause()
    }
  })()
  return {
    done,
    stop: async () => {
      stopping = true
      await Promise.all([placing, saving])
    },
  }
}

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 60_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error('the people did not get their work done in time')
    await new Promise((done) => setTimeout(done, 50))
  }
}

/** Whom the console takes the person's session for: null once it has ended. */
const whoIs = async (person: ClusterPerson) =>
  (await person.request('/api/console/session')).json<{ user: { email: string } | null }>().user?.email ?? null

const mode = (path: string) => statSync(path).mode & 0o777
const rowsOf = (path: string, query: string) => {
  const sqlite = new BetterSqlite3(path, { readonly: true })
  try {
    return sqlite.prepare(query).all() as Record<string, unknown>[]
  } finally {
    sqlite.close()
  }
}

describe('npm run console -- backup, then restore into a new place', () => {
  it('copies every row up to its instant while people work, with the audit head, readable by its owner only', async () => {
    const [ana, ben] = await Promise.all([signedIn('ana@example.com'), signedIn('ben@example.com')])
    const work = peopleAtWork(ana, ben)
    await until(() => work.done.calls.length >= 5 && work.done.exports >= 2)
    const backupFile = join(dir, 'backup-1.sqlite')
    const started = Date.now()
    const backup = await runConsoleCli(['backup', backupFile], { CONSOLE_DB: live })
    const ended = Date.now()
    const callsAtEnd = work.done.calls.length
    await until(() => work.done.calls.length >= callsAtEnd + 3)
    await work.stop()

    expect(backup).toMatchObject({ code: 0, stderr: '' })
    expect(mode(backupFile)).toBe(0o600)
    const head = /Audit head: (\d+):([0-9a-f]{64})/.exec(backup.stdout)
    expect(head).not.toBeNull()
    expect(backup.stdout).toMatch(/Migration: 00\d\d_\w+/)
    expect(backup.stdout).toMatch(/ {2}call_owners +\d+/)

    const restored = join(dir, 'elsewhere', 'console.sqlite')
    const restore = await runConsoleCli(['restore', backupFile], { CONSOLE_DB: restored })
    expect(restore).toMatchObject({ code: 0, stderr: '' })
    expect(mode(restored)).toBe(0o600)

    // Everything acknowledged before the backup began is in it; what came after it ended is not.
    const ownersThere = new Set(rowsOf(restored, 'select call_id from call_owners').map((row) => row.call_id))
    const viewsThere = new Set(rowsOf(restored, 'select id from saved_views').map((row) => row.id))
    // Acknowledged in the millisecond the backup was started counts as before it: the command is spawned after that
    // instant is read (the fifth call, seen by until() in that same millisecond, once made this 4).
    const doneBefore = <T extends { at: number }>(items: T[]) => items.filter((item) => item.at <= started)
    const doneAfter = <T extends { at: number }>(items: T[]) => items.filter((item) => item.at > ended)
    expect(doneBefore(work.done.calls).length).toBeGreaterThanOrEqual(5)
    for (const { callId } of doneBefore(work.done.calls)) expect(ownersThere).toContain(callId)
    for (const { id } of doneBefore(work.done.views)) expect(viewsThere).toContain(id)
    expect(doneAfter(work.done.calls).length).toBeGreaterThanOrEqual(3)
    for (const { callId } of doneAfter(work.done.calls)) expect(ownersThere).not.toContain(callId)

    // The restore's trail is the live trail up to the backup's head, entry for entry.
    const headSeq = Number(head?.[1])
    const trail = 'select * from audit_log where seq <= ? order by seq'
    const restoredTrail = rowsOf(restored, trail.replace('?', String(headSeq)))
    expect(restoredTrail).toHaveLength(headSeq)
    expect(rowsOf(live, trail.replace('?', String(headSeq)))).toEqual(restoredTrail)
    expect(restoredTrail.at(-1)?.hash).toBe(head?.[2])
    const placedEntries = new Set(
      restoredTrail.filter((entry) => entry.action === 'call.placed').map((entry) => entry.target),
    )
    for (const { callId } of doneBefore(work.done.calls)) expect(placedEntries).toContain(callId)

    // Every table the live store has, the restore has, with no more rows than the live one (sessions ended: none).
    for (const { name } of rowsOf(live, "select name from sqlite_master where type = 'table'")) {
      expect(rowsOf(restored, `select count(*) as n from sqlite_master where name = '${name}'`)[0]?.n).toBe(1)
    }
    expect(rowsOf(restored, 'select count(*) as n from sessions')[0]?.n).toBe(0)

    // After the backup's entries, one more: the restore's own, naming the backup and the head it ended at.
    const [restoredEntry, ...beyond] = rowsOf(restored, `select * from audit_log where seq > ${headSeq} order by seq`)
    expect(beyond).toEqual([])
    expect(restoredEntry).toMatchObject({ seq: headSeq + 1, action: 'store.restored', actor_user_id: null })
    expect(JSON.parse(String(restoredEntry?.detail))).toEqual({
      via: 'cli',
      backup: 'backup-1.sqlite',
      backupHead: `${head?.[1]}:${head?.[2]}`,
      // Ana's and Ben's, which the backup held.
      sessionsEnded: 2,
    })
    expect(restore.stdout).toContain('store.restored')

    const verified = await runConsoleCli(['audit', 'verify'], { CONSOLE_DB: restored })
    expect(verified.code).toBe(0)
    expect(verified.stdout).toMatch(new RegExp(`holds: ${headSeq + 1} entries, 1 to ${headSeq + 1}`))
    const atBackup = await runConsoleCli(['audit', 'verify', '--head', `${head?.[1]}:${head?.[2]}`], {
      CONSOLE_DB: restored,
    })
    expect(atBackup.code).toBe(0)
    expect(atBackup.stdout).toContain(`reaches the head ${headSeq}`)

    // The live head, noted after the backup: the live trail reaches it, the restore does not.
    const liveHead = (await runConsoleCli(['audit', 'head'], { CONSOLE_DB: live })).stdout.trim()
    expect(liveHead).toMatch(/^\d+:[0-9a-f]{64}$/)
    const liveSeq = Number(liveHead.split(':')[0])
    expect(liveSeq).toBeGreaterThan(headSeq + 1)
    const onLive = await runConsoleCli(['audit', 'verify', '--head', liveHead], { CONSOLE_DB: live })
    expect(onLive.code).toBe(0)
    expect(onLive.stdout).toContain(`reaches the head ${liveSeq}`)
    const onCopy = await runConsoleCli(['audit', 'verify', '--head', liveHead], { CONSOLE_DB: restored })
    expect(onCopy.code).toBe(1)
    expect(onCopy.stderr).toContain(
      `does not reach the head ${liveHead}: entries ${headSeq + 2} to ${liveSeq} are missing: the trail ends at entry ${headSeq + 1}`,
    )
  }, 180_000)

  it('refuses a file that exists, and says to use pg_dump on PostgreSQL', async () => {
    const taken = join(dir, 'taken.sqlite')
    expect((await runConsoleCli(['backup', taken], { CONSOLE_DB: live })).code).toBe(0)
    const again = await runConsoleCli(['backup', taken], { CONSOLE_DB: live })
    expect(again).toMatchObject({ code: 2, stderr: expect.stringContaining('already exists') })
    const postgres = await runConsoleCli(['backup', 'b.dump'], {
      CONSOLE_DATABASE_URL: 'postgres://console:s3cret@db.example/console',
    })
    expect(postgres.code).toBe(1)
    expect(postgres.stderr).toContain('(umask 077 && pg_dump -Fc --no-owner -d "$CONSOLE_DATABASE_URL" -f b.dump)')
    expect(postgres.stderr).not.toContain('s3cret')
  }, 180_000)
})

describe('npm run console -- restore into the deployment', () => {
  it('is refused while the console runs, then, stopped, keeps the old store aside and signs everyone out', async () => {
    const ana = await signedIn('ana@example.com')
    const backupFile = join(dir, 'backup-2.sqlite')
    expect((await runConsoleCli(['backup', backupFile], { CONSOLE_DB: live })).code).toBe(0)

    const refused = await runConsoleCli(['restore', backupFile], { CONSOLE_DB: live })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`A console has ${live} open: stop every console on it`)
    expect(readdirSync(join(dir, 'live')).filter((name) => name.includes('before-restore'))).toEqual([])
    expect(await whoIs(ana)).toBe('ana@example.com')

    await console_.stop()
    const restore = await runConsoleCli(['restore', backupFile], { CONSOLE_DB: live })
    expect(restore.code).toBe(0)
    const aside = /kept as (.+\.before-restore-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)\.$/m.exec(restore.stdout)?.[1]
    expect(aside && existsSync(aside)).toBe(true)
    expect(mode(live)).toBe(0o600)
    const ended = Number(/Every session ended \(([1-9]\d*)\)/.exec(restore.stdout)?.[1])
    expect(ended).toBeGreaterThan(0)
    const [last] = rowsOf(live, 'select action, detail from audit_log order by seq desc limit 1')
    expect(last?.action).toBe('store.restored')
    expect(JSON.parse(String(last?.detail))).toMatchObject({ backup: 'backup-2.sqlite', sessionsEnded: ended })

    await console_.start()
    // Ana's session was in the backup; it no longer lets her in, and signing in again does.
    expect(await whoIs(ana)).toBeNull()
    expect((await ana.request('/api/v1/voice/account')).status).toBe(401)
    expect((await ana.signIn()).status).toBe(200)
    expect(await whoIs(ana)).toBe('ana@example.com')
  }, 180_000)
})
