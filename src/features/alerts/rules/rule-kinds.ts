// The one map of what each kind of rule means to a person, as the "Add rule" form offers it.
import type { AlertRuleKind } from '@/api/contract/alert-schemas'

export const RULE_KIND_WORDS: Record<AlertRuleKind, { label: string; hint: string }> = {
  'usage-percent': {
    label: 'Minutes used reach a percentage of the commitment',
    hint: 'Fires once a period, when the minutes used reach the share you choose.',
  },
  'projected-over': {
    label: 'Minutes are projected to cross the commitment',
    hint: 'Fires once a period, when the pace of the last days would cross the commitment before the period ends.',
  },
  'caller-id-answered-less': {
    label: 'A caller ID is answered less than usual',
    hint: 'Fires once a period for each caller ID whose answer rate falls well below its own history or the account’s.',
  },
}

/** Offered as one-click choices; any whole number from 1 to 1000 works. */
export const SUGGESTED_PERCENTS = [50, 80, 90, 100] as const
