// The loop every delivery queue runs: claim what is due in the store (so several console instances send each
// delivery once), send it, and sleep until the next retry is due or the poll interval, whichever is sooner. While
// none waits at all, it looks less often: a delivery added on an instance wakes that instance's worker at once, so
// the look only finds one whose instance stopped before sending it.
// What a delivery is and how it is sent is the caller's; this file knows only the claiming and the waiting.
import type { Logger } from '../http/request-log'

interface ClaimingQueue<Due> {
  /** Claims up to `limit` due deliveries until `leaseUntil`: no other instance gets them before then. */
  claimDue(now: number, leaseUntil: number, limit: number): Promise<Due[]>
  /** When the next one may be claimed; null when none waits. */
  nextDueAt(): Promise<number | null>
}

export interface DeliveryWorkerOptions<Due> {
  queue: ClaimingQueue<Due>
  deliver: (due: Due) => Promise<void>
  logger: Logger
  /** Names the worker in its log lines ("alert delivery", "integration delivery"). */
  name: string
  now: () => number
  /** How long a claimed delivery is an instance's own; well over the 10 s a send may take. */
  leaseMs?: number
  /** How often the worker looks for deliveries due (another instance's, a retry). */
  pollMs?: number
  /** How often it looks while none waits (IDLE_POLL_MS, or `pollMs` when only that is given). */
  idlePollMs?: number
}

const CLAIM_BATCH = 10
/** A look every 15 s while the queue is empty: on PostgreSQL two statements per queue and instance each time. */
const IDLE_POLL_MS = 15_000
const MIN_SLEEP_MS = 10

export function createDeliveryWorker<Due>(options: DeliveryWorkerOptions<Due>) {
  const { queue, deliver, logger, name, now } = options
  const leaseMs = options.leaseMs ?? 60_000
  const pollMs = options.pollMs ?? 2_000
  const idlePollMs = options.idlePollMs ?? options.pollMs ?? IDLE_POLL_MS

  let running: Promise<void> | null = null
  let again = false
  /** Sends every delivery due now, claimed batch by batch; a call while one runs makes it look once more. */
  function runDue(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        for (;;) {
          const at = now()
          const claimed = await queue.claimDue(at, at + leaseMs, CLAIM_BATCH)
          if (claimed.length === 0) break
          await Promise.all(
            claimed.map((due) =>
              deliver(due).catch((error) => logger.error({ msg: `${name} failed`, error: String(error) })),
            ),
          )
        }
      } while (again)
    })().finally(() => {
      running = null
    })
    return running
  }

  let timer: NodeJS.Timeout | null = null
  let stopped = true
  const tick = () => {
    timer = null
    runDue()
      .catch((error) => logger.error({ msg: `${name} worker failed`, error: String(error) }))
      .finally(() => sleepUntilDue())
  }
  const sleepUntilDue = () => {
    if (stopped || timer) return
    queue
      .nextDueAt()
      .then((due) => {
        if (stopped || timer) return
        // At least a few ms: clocks of two instances may disagree by a little.
        const wait = due === null ? idlePollMs : Math.min(pollMs, Math.max(MIN_SLEEP_MS, due - now()))
        timer = setTimeout(tick, wait)
        timer.unref()
      })
      .catch(() => {
        if (!stopped && !timer) timer = setTimeout(tick, pollMs)
      })
  }

  return {
    runDue,
    /** New deliveries here: send them now rather than at the next poll (nothing while the worker is stopped). */
    wake() {
      if (stopped) return
      void runDue().catch((error) => logger.error({ msg: `${name} worker failed`, error: String(error) }))
    },
    /** Polls for due deliveries until stopped. */
    start() {
      if (!stopped) return
      stopped = false
      tick()
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
      await running?.catch(() => {})
    },
  }
}
