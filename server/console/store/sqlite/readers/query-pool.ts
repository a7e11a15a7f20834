// A few worker threads, each with a read-only connection to the store's file (WAL: they read beside the
// writer), so a heavy search, count or export page never holds the event loop. Queries queue for the
// first free worker, up to `maxQueued`; one that runs past `budgetMs` has its worker terminated (SQLite
// cannot be interrupted from another thread through better-sqlite3) and a new one started in its place.
import { Worker } from 'node:worker_threads'
import { QueriesQueueFull, QueryBudgetSpent, type QueryLimits } from '../../query-limits'

const WORKER_FILE = new URL('./query-worker.mjs', import.meta.url)
// The readers' niceness (Linux: per thread): well below the event loop's thread, which then runs first when both
// want a core (bench:neighbours: B's p99 beside A's exports 170 ms at 5, 71 ms at 10, at a load of 8 on 2 cores).
const READER_NICE = 10

interface Job {
  sql: string
  parameters: readonly unknown[]
  resolve: (rows: unknown[]) => void
  reject: (error: Error) => void
}

interface Reader {
  worker: Worker
  /** Its connection is open: a budget counts from here, never a worker's start (slow on a busy machine). */
  ready: boolean
  job: Job | null
  /** The id of the job's message: an answer to any other is stale. */
  id: number
  timer: NodeJS.Timeout | null
}

type Answer = { ready: true } | { id: number; rows: unknown[] } | { id: number; error: string }

export interface QueryPool {
  run(sql: string, parameters: readonly unknown[]): Promise<unknown[]>
  close(): Promise<void>
}

const closedError = () => new Error('The store is closed.')

export function createQueryPool(path: string, limits: QueryLimits): QueryPool {
  const queue: Job[] = []
  let closed = false
  let nextId = 0

  function start(): Reader {
    // Plain JavaScript: no loader of the parent's (tsx) is needed, nor its start-up time.
    const worker = new Worker(WORKER_FILE, { workerData: { path, nice: READER_NICE }, execArgv: [] })
    const reader: Reader = { worker, ready: false, job: null, id: 0, timer: null }
    reader.worker.on('message', (answer: Answer) => {
      if ('ready' in answer) {
        reader.ready = true
        // An idle pool nobody closed must not keep a process (a CLI, a test) alive; a query under way does.
        reader.worker.unref()
        return takeNext(reader)
      }
      const job = reader.job
      if (!job || answer.id !== reader.id) return
      release(reader)
      if ('error' in answer) job.reject(new Error(answer.error))
      else job.resolve(answer.rows)
      takeNext(reader)
    })
    reader.worker.on('error', (error) => replace(reader, error))
    reader.worker.on('exit', () => replace(reader, new Error('A reader of the store stopped.')))
    return reader
  }

  // Started on the first heavy reads, one for each query waiting beyond those starting, up to the limit: a worker
  // with its own V8 heap and connection costs about 10 MB, which an idle console (a status poll) never needs.
  const size = Math.max(1, limits.workers)
  const readers: Reader[] = []
  const startFor = () => {
    const starting = readers.filter((reader) => !reader.ready).length
    if (readers.length < size && queue.length > starting) readers.push(start())
  }

  function dispatch(reader: Reader, job: Job) {
    reader.id = ++nextId
    reader.job = job
    reader.worker.ref()
    reader.timer = setTimeout(() => replace(reader, new QueryBudgetSpent(limits.budgetMs)), limits.budgetMs)
    reader.worker.postMessage({ id: reader.id, sql: job.sql, parameters: job.parameters })
  }

  function release(reader: Reader) {
    if (reader.timer) clearTimeout(reader.timer)
    reader.timer = null
    reader.job = null
    reader.worker.unref()
  }

  function takeNext(reader: Reader) {
    const job = queue.shift()
    if (job) dispatch(reader, job)
  }

  /** The reader's query (if any) fails with `error`; a fresh worker takes its place and the queue moves on. */
  function replace(reader: Reader, error: Error) {
    const index = readers.indexOf(reader)
    if (index === -1) return
    const job = reader.job
    release(reader)
    job?.reject(error)
    void reader.worker.terminate()
    if (closed) return
    const fresh = start()
    readers[index] = fresh
    takeNext(fresh)
  }

  return {
    run: (sql, parameters) =>
      new Promise((resolve, reject) => {
        if (closed) return reject(closedError())
        const job = { sql, parameters, resolve, reject }
        const idle = readers.find((reader) => reader.ready && reader.job === null)
        if (idle) return dispatch(idle, job)
        if (queue.length >= limits.maxQueued) return reject(new QueriesQueueFull(queue.length))
        queue.push(job)
        startFor()
      }),
    close: async () => {
      closed = true
      for (const job of queue.splice(0)) job.reject(closedError())
      await Promise.all(
        readers.splice(0).map((reader) => {
          reader.job?.reject(closedError())
          release(reader)
          return reader.worker.terminate()
        }),
      )
    },
  }
}
