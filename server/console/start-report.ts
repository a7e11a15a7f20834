// What the production start (`npm run serve`) checks and says before and as it starts: its database must be named
// (no database inside the checkout, which `git clean` or a fresh checkout per release would empty), settings that
// are no settings are named, and one line says which store, address, voice API and release this is.
import { isAbsolute, resolve } from 'node:path'
import type { ConsoleConfig } from './config'
import { settingWarnings } from './config-warnings'
import { releaseName } from './release'

/** The production start's own rule; `npm start` (the demo) keeps its database in .data/. */
export function requireStoreSetting(env: Record<string, string | undefined>): void {
  if (env.CONSOLE_DB !== undefined || env.CONSOLE_DATABASE_URL !== undefined) return
  throw new Error(
    [
      ...settingWarnings(env),
      'The console needs to be told where its database is: set CONSOLE_DB to a SQLite file outside the checkout',
      '(e.g. CONSOLE_DB=/var/lib/voice-console/console.sqlite, one instance), or CONSOLE_DATABASE_URL to PostgreSQL',
      '(postgres://user@host/database, several instances). Only npm start, the demo, keeps one in .data/.',
    ].join('\n'),
  )
}

/** The store without its password: a SQLite file's absolute path, or PostgreSQL's host, port and database. */
export function describeStore(location: string): string {
  if (!/^postgres(ql)?:\/\//i.test(location))
    return `SQLite file ${location === ':memory:' || isAbsolute(location) ? location : resolve(location)}`
  const url = new URL(location)
  return `PostgreSQL database ${decodeURIComponent(url.pathname.slice(1)) || '(the user’s own)'} on ${url.host}`
}

/** The start's line: what an operator checks first when two instances disagree. */
export function startLine(config: ConsoleConfig, listeningOn: string): string {
  return [
    `Voice Dashboard console ${releaseName()} on ${config.publicUrl.origin} (listening on ${listeningOn})`,
    `store: ${describeStore(config.dbPath)}`,
    `voice API: ${new URL(config.upstream).origin}`,
  ].join('; ')
}
