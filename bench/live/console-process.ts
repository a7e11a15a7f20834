// The console's production start (as server/console/index.ts does it), run as a child of
// `npm run bench:live` so that its memory and CPU time are its own. Started with --expose-gc, it
// adds the bench's person and answers the parent's probes over IPC: memory after a full
// collection, and the CPU time used so far.
import { hashPassword } from '../../server/console/auth/passwords'
import { loadConsoleConfig } from '../../server/console/config'
import { startConsole } from '../../server/console/server'
import { BENCH_EMAIL, BENCH_PASSWORD, BENCH_ROLE, type Probe, type ProbeAnswer } from './protocol'

const collect = (globalThis as { gc?: () => void }).gc
if (!collect || !process.send) throw new Error('start this with node --expose-gc and an IPC channel')

// A bench of what only managers read (bench:usage) signs its person in as one.
const role = process.env.BENCH_CONSOLE_ROLE === 'manager' ? 'manager' : BENCH_ROLE
const running = await startConsole(loadConsoleConfig())
// A second instance on the same PostgreSQL database (the part across instances) finds the person there.
if (!(await running.store.users.byEmail(BENCH_EMAIL)))
  await running.store.users.add({
    email: BENCH_EMAIL,
    role,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    now: Date.now(),
  })

process.on('message', (probe: Probe) => {
  // Twice: the first pass can leave garbage that only a second one frees (weak references, finalizers).
  if (probe.gc) {
    collect()
    collect()
  }
  const answer: ProbeAnswer = { id: probe.id, memory: process.memoryUsage(), cpu: process.cpuUsage() }
  process.send?.(answer)
})

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  setTimeout(() => process.exit(1), 5_000).unref()
  await running.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// The bench has gone (even killed): nobody will stop this console otherwise.
process.on('disconnect', stop)

console.log(`bench console listening on ${running.url}`)
