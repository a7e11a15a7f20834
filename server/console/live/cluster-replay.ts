// What a viewer of a clustered hub starts from, read from the store: the events it missed after its
// Last-Event-ID (when they are all still there), or a snapshot of the latest state the lease holder left.
import type {
  LiveCallEntry,
  LivePause,
  LiveSnapshot,
  LiveTally,
  LiveTrouble,
} from '../../../src/api/contract/live-schemas'
import type { ConsoleStore } from '../store'
import type { LiveEventRow } from '../store/live-cluster'

type Store = Pick<ConsoleStore, 'liveCluster'>

/** A clustered hub's event ids: the seq of the event in live_events, the same on every instance. */
const EVENT_ID = /^live-(\d{1,15})$/
// Events read per query.
const PAGE = 500

/** The board, the calls watched by id, and the hub's own state, as last published. */
export async function snapshotFrom(store: Store, watched: ReadonlySet<string>): Promise<LiveSnapshot> {
  const states = await store.liveCluster.states()
  const calls = await store.liveCluster.calls([...watched], true)
  const state = <T>(name: string) => {
    const data = states.get(name)?.data
    return data ? (JSON.parse(data) as T) : null
  }
  return {
    calls: calls.map(({ entry }) => JSON.parse(entry) as LiveCallEntry),
    paused: state<LivePause>('paused'),
    tally: state<LiveTally>('tally'),
    trouble: state<LiveTrouble>('trouble'),
  }
}

/** The events after `lastEventId` up to `through` (where this instance has read), or null when some are gone. */
export async function missedSince(
  store: Store,
  lastEventId: string | null,
  through: number,
): Promise<LiveEventRow[] | null> {
  const match = lastEventId ? EVENT_ID.exec(lastEventId) : null
  if (!match) return null
  const cursor = Number(match[1])
  const pruned = (await store.liveCluster.states()).get('pruned')?.seq ?? 0
  if (cursor < pruned || cursor > through) return null
  const missed: LiveEventRow[] = []
  for (let from = cursor; from < through; ) {
    const page = await store.liveCluster.eventsAfter(from, PAGE, through)
    if (page.length === 0) break
    missed.push(...page)
    from = page[page.length - 1]?.seq ?? through
  }
  // Nobody watched in between: the calls went on unseen.
  return missed.some((row) => row.name === 'reset') ? null : missed
}
