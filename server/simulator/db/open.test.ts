// The database file holds the API keys and the signing secret: only its owner may read it, and
// SQLite's -wal and -shm files, which hold the same pages, follow the file's mode.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase } from './open'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'voice-sim-db-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const modeOf = (file: string) => statSync(file).mode & 0o777
const filesOf = (path: string) => [path, `${path}-wal`, `${path}-shm`]

it('creates the database, and SQLite its -wal and -shm files, with mode 0600', () => {
  const path = join(dir, 'nested', 'sim.sqlite')
  const { db, isNew } = openDatabase(path)
  try {
    expect(isNew).toBe(true)
    db.prepare('CREATE TABLE probe (secret TEXT)').run()
    db.prepare('INSERT INTO probe VALUES (?)').run('sim_demo_key_acme')
    for (const file of filesOf(path)) {
      expect(existsSync(file), file).toBe(true)
      expect(modeOf(file).toString(8), file).toBe('600')
    }
  } finally {
    db.close()
  }
})

it('tightens a database and its -wal and -shm files left readable by an older version', () => {
  const path = join(dir, 'old.sqlite')
  const old = new BetterSqlite3(path)
  old.pragma('journal_mode = WAL')
  old.prepare('CREATE TABLE probe (secret TEXT)').run()
  expect(modeOf(path) & 0o077, 'SQLite creates files readable by others').not.toBe(0)

  const { db } = openDatabase(path)
  try {
    for (const file of filesOf(path)) expect(modeOf(file).toString(8), file).toBe('600')
  } finally {
    db.close()
    old.close()
  }
})
