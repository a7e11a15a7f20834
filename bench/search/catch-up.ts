// How fast a console with an empty index catches up with an account: the simulator is seeded with N
// calls, the console starts in front of it (behind a counting proxy) and its sync lists every call,
// then fetches each one's details. Times come from the requests the proxy saw; the index's own state
// (GET /calls/index) says when each part is done.

import type { ChildProcess } from 'node:child_process'
import { startCountingUpstream } from '../../server/console/test-support/counting-upstream'
import { ACME_KEY, startSimulatorProcess } from '../../server/console/test-support/simulator-process'
import type { IndexState } from '../../src/api/contract/call-index-schemas'
import { CALL_INDEX_PATHS } from '../../src/api/contract/call-index-schemas'
import { CONSOLE_PREFIX } from '../../src/api/contract/console-schemas'
import { startConsoleChild } from '../live/console-child'

export interface CatchUpFigures {
  calls: number
  rps: number
  listPages: number
  /** From the first upstream request to the backfill's end. */
  listingSeconds: number
  details: number
  /** From the first upstream request to the last call's details. */
  totalSeconds: number
  /** Details a second while the backfill shared the turns, and after it. */
  detailsPerSecondListing: number
  detailsPerSecondAlone: number
  requestsPerSecond: number
}

const POLL_MS = 250
const GIVE_UP_MS = 15 * 60_000
const isDetail = (path: string) => /\/calls\/call_[^/?]+$/.test(path.split('?')[0] ?? '')
const isList = (path: string) => (path.split('?')[0] ?? '').endsWith('/calls')

const perSecond = (count: number, fromMs: number, toMs: number) =>
  toMs > fromMs ? (count * 1000) / (toMs - fromMs) : 0

/** `track`: told of each server process started, so the bench can kill it if it must stop at once. */
export async function measureCatchUp(
  dir: string,
  calls: number,
  rps: number,
  track: (child: ChildProcess) => void,
  /** The console's store settings (CONSOLE_DATABASE_URL for PostgreSQL); none: a SQLite file in `dir`. */
  storeEnv: Record<string, string> = {},
): Promise<CatchUpFigures> {
  const sim = await startSimulatorProcess(
    { VOICE_SIM_SEED_CALLS: String(calls), VOICE_SIM_RATE_LIMIT: '1000000000', VOICE_SIM_SPEED: '1' },
    120_000,
  )
  track(sim.process)
  const proxy = await startCountingUpstream(sim.url)
  try {
    const app = await startConsoleChild({
      upstream: proxy.url,
      apiKey: ACME_KEY,
      dir,
      name: 'console-catch-up',
      env: { CONSOLE_INDEX_RPS: String(rps), CONSOLE_LIVE: 'off', ...storeEnv },
    })
    track(app.process)
    try {
      const state = async () => {
        const res = await fetch(`${app.url}${CONSOLE_PREFIX}${CALL_INDEX_PATHS.index}`, {
          headers: { cookie: app.cookie },
        })
        if (!res.ok) throw new Error(`GET /calls/index answered ${res.status}`)
        return (await res.json()) as IndexState
      }
      let listedAt: number | null = null
      const giveUpAt = Date.now() + GIVE_UP_MS
      for (;;) {
        const now = await state()
        if (listedAt === null && now.backfill?.finishedAt) listedAt = Date.parse(now.backfill.finishedAt)
        if (listedAt !== null && now.pendingDetails === 0 && now.indexed >= calls) break
        if (Date.now() > giveUpAt) throw new Error(`the index did not catch up in 15 minutes: ${JSON.stringify(now)}`)
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      }
      const seen = proxy.seen.filter((request) => !request.throttled)
      const first = seen[0]?.at ?? 0
      const details = seen.filter((request) => isDetail(request.path))
      const lastDetail = details.at(-1)?.at ?? first
      const duringListing = details.filter((request) => request.at <= (listedAt ?? 0))
      const afterListing = details.filter((request) => request.at > (listedAt ?? 0))
      return {
        calls,
        rps,
        listPages: seen.filter((request) => isList(request.path)).length,
        listingSeconds: ((listedAt ?? first) - first) / 1000,
        details: details.length,
        totalSeconds: (lastDetail - first) / 1000,
        detailsPerSecondListing: perSecond(duringListing.length, first, listedAt ?? first),
        detailsPerSecondAlone: perSecond(afterListing.length, listedAt ?? first, lastDetail),
        requestsPerSecond: perSecond(seen.length, first, lastDetail),
      }
    } finally {
      await app.stop()
    }
  } finally {
    await proxy.close()
    await sim.stop()
  }
}
