import type { SimulatorConfig } from './config'
import type { AccountRow } from './db/account-queries'
import type { Queries } from './db/queries'
import type { Logger } from './http/logging'

/** What the routes need from the running simulator; tests can build their own. */
export interface AppDeps {
  config: SimulatorConfig
  queries: Queries
  logger: Logger
  /** Injectable clock, ms since epoch. */
  now: () => number
  /** Secret for recording URL and cursor signatures, created once and kept in the database. */
  secret: string
  /** Base of recording URLs; known only after the server listens when it defaults to our own origin. */
  storageUrl: () => string
  accountsByKey: () => Map<string, AccountRow>
}

export type AppEnv = { Variables: { account: AccountRow } }
