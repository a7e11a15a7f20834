// The console's store: one object with every query, opened once per process.

import type { StoreAdapter } from './adapter'
import { createAlertChannelQueries } from './alert-channels'
import { createAlertDeliveryQueries } from './alert-deliveries'
import { createAlertFiringQueries } from './alert-firings'
import { createAlertRuleQueries } from './alert-rules'
import { createAuditQueries } from './audit'
import { createAuditPersonalQueries } from './audit-personal'
import { createCallIndexQueries } from './call-index'
import { createCallIndexSyncQueries } from './call-index-sync'
import { createCallListContactQueries } from './call-list-contacts'
import { createCallListQueries } from './call-lists'
import { createCallOwnerQueries } from './call-owners'
import { createCallSearchQueries } from './call-search'
import { createCallWorkQueries } from './call-work'
import { createCallbackQueries } from './callbacks'
import { createCallerIdHealthQueries } from './caller-id-health'
import { createCallingHoursExceptionQueries } from './calling-hours-exceptions'
import { type ConsoleDb, type OpenedDatabase, openConsoleDatabase, type StoreOptions } from './database'
import { createDoNotCallQueries } from './do-not-call'
import { createErasureQueries } from './erasure'
import { createIntegrationCallFactQueries } from './integration-call-facts'
import { createIntegrationDeliveryQueries } from './integration-deliveries'
import { createIntegrationQueries } from './integrations'
import { createInviteQueries } from './invites'
import { createLastCallerIdQueries } from './last-caller-id'
import { createLeaseQueries } from './leases'
import { createLiveClusterQueries } from './live-cluster'
import { createPersonClaimQueries } from './person-claims'
import { createPersonRateQueries } from './person-rates'
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from './query-limits'
import { createRateUnitQueries } from './rate-unit'
import { createRecentSessions, forgettingOnWrites } from './recent-sessions'
import { createReportDeliveryQueries } from './report-deliveries'
import { createReportSubscriptionQueries } from './report-subscriptions'
import { createRetentionQueries } from './retention'
import { createSavedViewQueries } from './saved-views'
import { createScoringQueries } from './scoring'
import { createSecretQueries } from './secrets'
import { createSessionQueries, type SessionWithUser } from './sessions'
import { createSsoLoginQueries } from './sso-logins'
import { createSsoSettingsQueries } from './sso-settings'
import { createStorageOriginQueries } from './storage-origins'
import { createWriteHealth } from './store-unwritable'
import { createSubjectRecordQueries } from './subject-records'
import { createThrottleQueries } from './throttle'
import { createUsageBreakdownQueries } from './usage-breakdowns'
import { createUserQueries } from './users'

/**
 * `readers`: where the call index's searches, counts and export pages run (the SQLite adapter's workers), and
 * what ends them when the store closes.
 */
function createStore(
  db: ConsoleDb,
  adapter: StoreAdapter,
  readers: OpenedDatabase['readers'],
  writtenElsewhere: OpenedDatabase['writtenElsewhere'],
  notices: OpenedDatabase['notices'],
  stopWatching: OpenedDatabase['stopWatching'],
  toldEverywhere: OpenedDatabase['toldEverywhere'],
) {
  const callIndex = createCallIndexQueries(db)
  const recentSessions = createRecentSessions<SessionWithUser>(writtenElsewhere, Date.now, toldEverywhere)
  return {
    db,
    adapter,
    // A change to a person (role, active, password…) forgets the sessions found lately, as ending one does; a
    // sign-in's time is nothing a kept session holds (on PostgreSQL it sends no notice either: migration 0039).
    users: forgettingOnWrites(
      createUserQueries(db),
      ['count', 'byEmail', 'byId', 'list', 'byIdentity', 'recordSignIn'],
      recentSessions,
    ),
    sessions: createSessionQueries(db, recentSessions),
    throttle: createThrottleQueries(db),
    audit: createAuditQueries(db),
    /** Issue 52: the audit entries' personal values, kept beside the chain and erasable. */
    auditPersonal: createAuditPersonalQueries(db),
    callOwners: createCallOwnerQueries(db),
    invites: createInviteQueries(db),
    callIndex,
    callSearch: createCallSearchQueries(readers.readers, adapter),
    callerIdHealth: createCallerIdHealthQueries(readers.readers),
    lastCallerId: createLastCallerIdQueries(readers.readers),
    usageBreakdowns: createUsageBreakdownQueries(readers.readers),
    callIndexSync: createCallIndexSyncQueries(db, callIndex.upsertListedIn),
    ssoLogins: createSsoLoginQueries(db),
    savedViews: createSavedViewQueries(db, adapter),
    secrets: createSecretQueries(db),
    alertChannels: createAlertChannelQueries(db),
    alertDeliveries: createAlertDeliveryQueries(db),
    alertRules: createAlertRuleQueries(db, readers.readers),
    alertFirings: createAlertFiringQueries(db),
    integrations: createIntegrationQueries(db),
    integrationDeliveries: createIntegrationDeliveryQueries(db),
    integrationCallFacts: createIntegrationCallFactQueries(db),
    leases: createLeaseQueries(db, adapter),
    liveCluster: createLiveClusterQueries(db),
    /** Notices between the instances (PostgreSQL's LISTEN/NOTIFY, store/notices.ts); null on SQLite. */
    notices,
    personRates: createPersonRateQueries(db),
    personClaims: createPersonClaimQueries(db),
    storageOrigins: createStorageOriginQueries(db),
    callLists: createCallListQueries(db),
    callListContacts: createCallListContactQueries(db, adapter),
    callbacks: createCallbackQueries(db, adapter),
    /** Issue 51: outcome kinds, and each call's outcome and note. */
    callWork: createCallWorkQueries(db, adapter),
    /** Issue 52: numbers the console refuses to call. */
    doNotCall: createDoNotCallQueries(db),
    /** Issue 52: an admin's one call outside the callee's calling hours. */
    callingHoursExceptions: createCallingHoursExceptionQueries(db),
    /** Issue 52: the daily prune of rows older than their retention window, and a call's placing time. */
    retention: createRetentionQueries(db, adapter),
    /** Issue 52, item 5: erasure of a number, and what the store holds about one (subject access). */
    erasures: createErasureQueries(db, (work) => adapter.serialTransaction(db, work)),
    subjectRecords: createSubjectRecordQueries(db),
    /** Issue 53, item 6: scorecards and the scores of calls. */
    scoring: createScoringQueries(db, adapter),
    /** Issue 53, item 4: usage reports by email, and each report's delivery (once per subscription and period). */
    reportSubscriptions: createReportSubscriptionQueries(db),
    reportDeliveries: createReportDeliveryQueries(db),
    /** Issue 53, item 2: what the service's rate per minute counts, so usage shows money. */
    rateUnit: createRateUnitQueries(db, adapter),
    /** Issue 53, item 7: the OpenID provider an admin set from the page. */
    ssoSettings: createSsoSettingsQueries(db),
    /** Whether the store can save (disk full, read-only): the app's 503s and /readyz share it. */
    writeHealth: createWriteHealth(db),
    close: async () => {
      await stopWatching()
      await readers.close()
      await db.destroy()
    },
  }
}

export type ConsoleStore = ReturnType<typeof createStore>

/** Opens the store at `location`: a SQLite file (or `:memory:`), or a `postgres://` URL. */
export async function openStore(
  location: string,
  limits: QueryLimits = DEFAULT_QUERY_LIMITS,
  options: StoreOptions = {},
): Promise<ConsoleStore> {
  const opened = await openConsoleDatabase(location, limits, options)
  return createStore(
    opened.db,
    opened.adapter,
    opened.readers,
    opened.writtenElsewhere,
    opened.notices,
    opened.stopWatching,
    opened.toldEverywhere,
  )
}
