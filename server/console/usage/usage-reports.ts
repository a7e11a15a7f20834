// The days and breakdowns of a period, from the store's grouped reads and the index's state.
import type { IndexState } from '../../../src/api/contract/call-index-schemas'
import {
  BREAKDOWN_ROWS_MAX,
  type BreakdownDimension,
  type BreakdownResponse,
  type IndexCoverage,
  type UsageDaysResponse,
} from '../../../src/api/contract/usage-breakdown-schemas'
import type { ConsoleStore } from '../store'
import type { GroupTally, Tally, UsageRange } from '../store/usage-breakdowns'
import { byRank, clockRows, dayRows, type LabelledTally, rankedRows, type SlotTally } from './breakdown-rows'
import { coverageOf, figuresOf, sumTallies } from './call-figures'
import type { UsagePeriod } from './usage-query'
import { zoneDays } from './zone-buckets'

const isoTime = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')

/** Outcomes in words, as the calls list says them; a status the spec does not list is shown as sent. */
const OUTCOME_LABELS: Record<string, string> = {
  DIALER_COMPLETED: 'Completed',
  DIALER_FAILED: 'Failed',
  DIALER_INITIATED: 'In progress: initiated',
  DIALER_RINGING: 'In progress: ringing or connected',
}

/**
 * What the index leaves out of the period: its calls in flight and awaiting details, and whether its listing
 * is complete (every call created up to `syncedTo`; for a period still running, a sync interval may be missing).
 */
const coverage = (total: Tally, index: IndexFacts): IndexCoverage =>
  coverageOf(total, { listingComplete: index.listingComplete, syncedTo: index.syncedTo })

/** What the breakdowns read of the index's state. */
type IndexFacts = Pick<IndexState, 'listingComplete' | 'syncedTo'>

const slotsOf = (groups: GroupTally[]): SlotTally[] =>
  groups.map(({ group, tally }) => ({ slot: Number(group), tally }))

export function createUsageReports(options: { store: ConsoleStore; indexState: () => Promise<IndexFacts> }) {
  const { store, indexState } = options
  const queries = store.usageBreakdowns

  async function labelledGroups(by: Exclude<BreakdownDimension, 'hour' | 'weekday'>, period: UsageRange, key: string) {
    if (by === 'caller_id')
      return (await queries.byCallerId(period)).map(({ group, tally }): LabelledTally => {
        const value = String(group ?? '')
        return { value, label: value === '' ? 'No caller ID given' : value, tally }
      })
    if (by === 'outcome')
      return (await queries.byStatus(period)).map(({ group, tally }): LabelledTally => {
        const value = String(group)
        return { value, label: OUTCOME_LABELS[value] ?? `Unknown status ${value}`, tally }
      })
    if (by === 'recorded_outcome') {
      const [groups, labels] = await Promise.all([queries.byRecordedOutcome(period), queries.outcomeLabels()])
      return groups.map(({ group, tally }): LabelledTally => {
        if (group === null) return { value: 'none', label: 'No outcome recorded', tally }
        const id = String(group)
        return { value: id, label: labels.get(id) ?? id, tally }
      })
    }
    if (by === 'person') {
      const groups = await queries.byPlacer(period)
      const emails = await queries.emailsOf(groups.flatMap(({ group }) => (group === null ? [] : [String(group)])))
      return groups.map(({ group, tally }): LabelledTally => {
        if (group === null) return { value: 'api', label: 'Outside this console', tally }
        const id = String(group)
        return { value: id, label: emails.get(id) ?? id, tally }
      })
    }
    const groups = (await queries.byMetadata(period, key)).map(({ group, sample, tally }) => ({
      sample,
      value: group === null ? null : String(group),
      label: group === null ? `No ${key}` : String(group),
      tally,
    }))
    // Grouped lower-cased, as search matches values; the rows shown are named as their newest call spells it.
    const shown = [...groups].sort(byRank).slice(0, BREAKDOWN_ROWS_MAX)
    const spellings = await queries.spellings(
      shown.flatMap((group) => (group.value === null ? [] : [group.sample])),
      key,
    )
    return groups.map(({ sample, ...group }): LabelledTally => {
      const spelled = group.value === null ? null : spellings.get(sample)
      return spelled ? { ...group, value: spelled, label: spelled } : group
    })
  }

  return {
    days: async (period: UsagePeriod): Promise<UsageDaysResponse> => {
      const [slots, index] = await Promise.all([queries.bySlot(period), indexState()])
      const total = sumTallies(slots.map((slot) => slot.tally))
      const days = zoneDays(period.timeZone, period.fromMs, period.toMs)
      return {
        from: isoTime(period.fromMs),
        to: isoTime(period.toMs),
        timeZone: period.timeZone,
        days: dayRows(days, slotsOf(slots), period.fromMs),
        totals: figuresOf(total),
        coverage: coverage(total, index),
      }
    },
    breakdown: async (
      period: UsagePeriod,
      by: BreakdownDimension,
      key: string | undefined,
    ): Promise<BreakdownResponse> => {
      const metadataKey = by === 'metadata' ? (key ?? '') : null
      const [result, index] = await Promise.all([
        (async () => {
          if (by === 'hour' || by === 'weekday') {
            const slots = await queries.bySlot(period)
            return {
              rows: clockRows(by, period.timeZone, slotsOf(slots), period.fromMs),
              truncated: false,
              total: sumTallies(slots.map((slot) => slot.tally)),
            }
          }
          const groups = await labelledGroups(by, period, metadataKey ?? '')
          return { ...rankedRows(groups), total: sumTallies(groups.map((group) => group.tally)) }
        })(),
        indexState(),
      ])
      return {
        from: isoTime(period.fromMs),
        to: isoTime(period.toMs),
        timeZone: period.timeZone,
        by,
        key: metadataKey,
        rows: result.rows,
        truncated: result.truncated,
        totals: figuresOf(result.total),
        coverage: coverage(result.total, index),
      }
    },
  }
}
