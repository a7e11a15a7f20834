// Ends a live stream as soon as its session ends or its person changes: a sign-out, a deactivation, a role
// change, made on this instance or on another sharing the store (or by the CLI). Every open stream of this
// instance is checked against the store in one query every `everyMs` while any is open, and at once when this
// instance has just made such a change (`recheck`). The heartbeat's check alone took up to 15 s.
import type { Role } from '../../../src/api/contract/console-schemas'
import type { ActiveSession } from '../auth/sessions'
import { can } from '../roles'

const STREAM_SWEEP_MS = 1_000

interface OpenStream {
  /** The session's id (its token's hash). */
  idHash: string
  /** The role the stream was opened with: another one since ends it (the page reconnects with the new one). */
  role: Role
  end(): void
}

export function createStreamSweep(
  stillActive: (idHashes: readonly string[]) => Promise<Map<string, ActiveSession>>,
  onError: (error: unknown) => void,
  everyMs = STREAM_SWEEP_MS,
) {
  const open = new Set<OpenStream>()
  let timer: ReturnType<typeof setInterval> | null = null
  let running: Promise<void> | null = null

  const check = async () => {
    if (open.size === 0) return
    const streams = [...open]
    const active = await stillActive([...new Set(streams.map((stream) => stream.idHash))])
    for (const stream of streams) {
      const session = active.get(stream.idHash)
      if (!session || session.role !== stream.role || !can(session.role, 'calls:read')) {
        open.delete(stream)
        stream.end()
      }
    }
  }
  /** One check at a time; a recheck asked during one runs after it, since the change may have come too late for it. */
  const recheck = (): Promise<void> => {
    const next = (running ?? Promise.resolve()).then(check).catch(onError)
    running = next.finally(() => {
      if (running === next) running = null
    })
    return next
  }

  return {
    /** Watches a stream until the returned function is called (when it ends for any reason). */
    add(stream: OpenStream): () => void {
      open.add(stream)
      if (!timer) {
        timer = setInterval(() => void recheck(), everyMs)
        timer.unref()
      }
      return () => {
        open.delete(stream)
        if (open.size === 0 && timer) {
          clearInterval(timer)
          timer = null
        }
      }
    },
    recheck,
  }
}

export type StreamSweep = ReturnType<typeof createStreamSweep>
