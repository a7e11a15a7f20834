// A failure that repeats (the store gone: every request and every background loop says so) is one line when it
// begins, then one line an interval with how many more there were, not a line each time: a 20 s outage wrote
// 540 lines an instance, which drowned everything else. Folded by message; an interval without one ends the episode.
import type { Logger } from './request-log'

export interface FoldingLogger extends Logger {
  /** Writes the counts so far (the interval's end; a stop, so that none is lost). */
  flush(): void
  close(): void
}

const REPEATS_EVERY_MS = 60_000

export function foldRepeatedErrors(
  logger: Logger,
  everyMs = REPEATS_EVERY_MS,
  now: () => number = Date.now,
): FoldingLogger {
  const episodes = new Map<string, { repeats: number; last: Record<string, unknown>; since: number }>()
  const flush = () => {
    for (const [msg, episode] of episodes) {
      if (episode.repeats === 0) {
        episodes.delete(msg)
        continue
      }
      logger.error({
        ...episode.last,
        msg,
        repeated: episode.repeats,
        since: new Date(episode.since).toISOString(),
      })
      episode.repeats = 0
      episode.since = now()
    }
  }
  const timer = setInterval(flush, everyMs)
  timer.unref()
  return {
    info: (entry) => logger.info(entry),
    error: (entry) => {
      const msg = String(entry.msg)
      const episode = episodes.get(msg)
      if (!episode) {
        episodes.set(msg, { repeats: 0, last: entry, since: now() })
        logger.error(entry)
        return
      }
      episode.repeats++
      episode.last = entry
    },
    flush,
    close: () => {
      clearInterval(timer)
      flush()
    },
  }
}
