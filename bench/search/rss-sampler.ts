// A process's resident memory, read from /proc every `everyMs` while something runs: the kernel's
// figure, so it counts what the process holds whatever holds it (V8, SQLite's cache, buffers).
import { readFileSync } from 'node:fs'

export interface RssSamples {
  startMb: number
  peakMb: number
  endMb: number
  /** The RSS a quarter, half and three quarters of the way through, and at the end: a climb or a plateau. */
  quartersMb: number[]
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** Samples the RSS of `pid` from just before `work` starts until it ends. */
export async function sampleRss<T>(pid: number, everyMs: number, work: () => Promise<T>) {
  const started = performance.now()
  const samples = [{ at: 0, mb: rssMb(pid) }]
  const timer = setInterval(() => samples.push({ at: performance.now() - started, mb: rssMb(pid) }), everyMs)
  try {
    const result = await work()
    const span = performance.now() - started
    samples.push({ at: span, mb: rssMb(pid) })
    const at = (share: number) => samples.findLast((sample) => sample.at <= share * span)?.mb ?? 0
    const rss: RssSamples = {
      startMb: samples[0]?.mb ?? 0,
      peakMb: Math.max(...samples.map((sample) => sample.mb)),
      endMb: samples.at(-1)?.mb ?? 0,
      quartersMb: [0.25, 0.5, 0.75, 1].map(at),
    }
    return { result, rss }
  } finally {
    clearInterval(timer)
  }
}
