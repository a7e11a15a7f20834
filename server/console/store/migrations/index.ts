// Versioned migrations, applied in name order at start and recorded by name in Kysely's migration table: never
// edit one that has shipped; add the next as its own file, NNNN_what_it_adds.ts, and at the end of the list below
// (README.md). The list is written out, not read from the folder, so the built server bundles every file.
import type { MigrationProvider } from 'kysely/migration'
import type { StoreAdapter } from '../adapter'
import { migration as m0001 } from './0001_users_sessions_throttle'
import { migration as m0002 } from './0002_user_preferences'
import { migration as m0003 } from './0003_audit_log_call_owners'
import { migration as m0004 } from './0004_user_invites'
import { migration as m0005 } from './0005_sso_identities'
import { migration as m0006 } from './0006_call_index'
import { migration as m0007 } from './0007_saved_views'
import { migration as m0008 } from './0008_call_metadata_keys'
import { migration as m0009 } from './0009_call_index_counts'
import { migration as m0010 } from './0010_call_metadata_covering_index'
import { migration as m0011 } from './0011_console_secrets'
import { migration as m0012 } from './0012_usage_breakdowns'
import { migration as m0013 } from './0013_alert_rules'
import { migration as m0014 } from './0014_alert_delivery'
import { migration as m0015 } from './0015_console_leases'
import { migration as m0016 } from './0016_live_cluster'
import { migration as m0017 } from './0017_person_limits'
import { migration as m0018 } from './0018_saved_view_date_preset'
import { migration as m0019 } from './0019_saved_view_request_key'
import { migration as m0020 } from './0020_call_outcomes'
import { migration as m0021 } from './0021_integrations'
import { migration as m0022 } from './0022_call_lists'
import { migration as m0023 } from './0023_callbacks'
import { migration as m0024 } from './0024_calls_by_destination'
import { migration as m0025 } from './0025_note_words_in_search'
import { migration as m0026 } from './0026_do_not_call'
import { migration as m0027 } from './0027_calling_hours_exceptions'
import { migration as m0028 } from './0028_retention_indexes'
import { migration as m0029 } from './0029_audit_personal_values'
import { migration as m0030 } from './0030_erasures'
import { migration as m0031 } from './0031_rate_unit'
import { migration as m0032 } from './0032_alert_rule_channels'
import { migration as m0033 } from './0033_report_subscriptions'
import { migration as m0034 } from './0034_scorecards'
import { migration as m0035 } from './0035_sso_settings'
import { migration as m0036 } from './0036_metadata_key_values'
import { migration as m0037 } from './0037_live_notices'
import { migration as m0038 } from './0038_session_change_notices'
import { migration as m0039 } from './0039_person_change_notices'
import { migration as m0040 } from './0040_callback_notice_tabs'
import { migration as m0041 } from './0041_callback_notice_shown'
import type { StoreMigration } from './store-migration'

/** Every migration, by its name, in the order they apply (migrations.test.ts holds it to the files' numbers). */
export const MIGRATIONS: readonly (readonly [name: string, migration: StoreMigration])[] = [
  ['0001_users_sessions_throttle', m0001],
  ['0002_user_preferences', m0002],
  ['0003_audit_log_call_owners', m0003],
  ['0004_user_invites', m0004],
  ['0005_sso_identities', m0005],
  ['0006_call_index', m0006],
  ['0007_saved_views', m0007],
  ['0008_call_metadata_keys', m0008],
  ['0009_call_index_counts', m0009],
  ['0010_call_metadata_covering_index', m0010],
  ['0011_console_secrets', m0011],
  ['0012_usage_breakdowns', m0012],
  ['0013_alert_rules', m0013],
  ['0014_alert_delivery', m0014],
  ['0015_console_leases', m0015],
  ['0016_live_cluster', m0016],
  ['0017_person_limits', m0017],
  ['0018_saved_view_date_preset', m0018],
  ['0019_saved_view_request_key', m0019],
  ['0020_call_outcomes', m0020],
  ['0021_integrations', m0021],
  ['0022_call_lists', m0022],
  ['0023_callbacks', m0023],
  ['0024_calls_by_destination', m0024],
  ['0025_note_words_in_search', m0025],
  ['0026_do_not_call', m0026],
  ['0027_calling_hours_exceptions', m0027],
  ['0028_retention_indexes', m0028],
  ['0029_audit_personal_values', m0029],
  ['0030_erasures', m0030],
  ['0031_rate_unit', m0031],
  ['0032_alert_rule_channels', m0032],
  ['0033_report_subscriptions', m0033],
  ['0034_scorecards', m0034],
  ['0035_sso_settings', m0035],
  ['0036_metadata_key_values', m0036],
  ['0037_live_notices', m0037],
  ['0038_session_change_notices', m0038],
  ['0039_person_change_notices', m0039],
  ['0040_callback_notice_tabs', m0040],
  ['0041_callback_notice_shown', m0041],
]

export const migrationProviderFor = (store: StoreAdapter): MigrationProvider => ({
  getMigrations: async () => Object.fromEntries(MIGRATIONS.map(([name, migration]) => [name, migration(store)])),
})
