// The console's store: one object with every query, opened once per process.
import { createAuditQueries } from './audit'
import { createCallIndexQueries } from './call-index'
import { createCallIndexSyncQueries } from './call-index-sync'
import { createCallOwnerQueries } from './call-owners'
import { createCallSearchQueries } from './call-search'
import { type ConsoleDb, openConsoleDatabase } from './database'
import { createInviteQueries } from './invites'
import { createSavedViewQueries } from './saved-views'
import { createSecretQueries } from './secrets'
import { createSessionQueries } from './sessions'
import { createSsoLoginQueries } from './sso-logins'
import { createThrottleQueries } from './throttle'
import { createUserQueries } from './users'

export function createStore(db: ConsoleDb) {
  const callIndex = createCallIndexQueries(db)
  return {
    db,
    users: createUserQueries(db),
    sessions: createSessionQueries(db),
    throttle: createThrottleQueries(db),
    audit: createAuditQueries(db),
    callOwners: createCallOwnerQueries(db),
    invites: createInviteQueries(db),
    callIndex,
    callSearch: createCallSearchQueries(db),
    callIndexSync: createCallIndexSyncQueries(db, callIndex.upsertListedIn),
    ssoLogins: createSsoLoginQueries(db),
    savedViews: createSavedViewQueries(db),
    secrets: createSecretQueries(db),
    close: () => db.destroy(),
  }
}

export type ConsoleStore = ReturnType<typeof createStore>

export async function openStore(path: string): Promise<ConsoleStore> {
  return createStore(await openConsoleDatabase(path))
}
