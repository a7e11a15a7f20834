// A process's resident memory, read from /proc every `everyMs` while something runs: the kernel's
// figure, so it counts what the process holds whatever holds it (V8, SQLite's cache, buffers).
import { readFileSync } from 'node:fs'

export interface RssSamples {
  startMb: number
  peakMb: number
  endMb: number
  samples: number
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** Samples the RSS of `pid` from just before `work` starts until it ends. */
export async function sampleRss<T>(pid: number, everyMs: number, work: () => Promise<T>) {
  const startMb = rssMb(pid)
  let peakMb = startMb
  let samples = 1
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid))
    samples++
  }, everyMs)
  try {
    const result = await work()
    const endMb = rssMb(pid)
    const rss: RssSamples = { startMb, peakMb: Math.max(peakMb, endMb), endMb, samples: samples + 1 }
    return { result, rss }
  } finally {
    clearInterval(timer)
  }
}
