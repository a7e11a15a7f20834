// The line every benchmark report opens with: the machine, and how busy it was around the run.
import { cpus, loadavg, totalmem } from 'node:os'

export function machine(loadBefore: number): string {
  const cpu = cpus()
  const memory = (totalmem() / 1024 ** 3).toFixed(0)
  const load = `${loadBefore.toFixed(1)} before, ${loadavg()[0]?.toFixed(1)} after`
  return `${cpu.length} CPUs (${cpu[0]?.model.trim()}), ${memory} GiB, Node ${process.version}, ${process.platform}/${process.arch}, load average ${load}`
}
