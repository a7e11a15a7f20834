// What an alert needs beside the request counts: which release runs (an info gauge, 1, labelled with the version,
// so a dashboard shows a rolling deploy), and whether this instance is ready and reaches its store, read at each
// scrape through the same check as /readyz (one check shared by its callers at once: both gauges, a probe).
import { Gauge, type Registry } from 'prom-client'
import type { Readiness } from './readiness'

export function addServiceGauges(
  registry: Registry,
  release: { version: string; node: string },
  readiness: () => Promise<Readiness>,
): void {
  new Gauge({
    name: 'console_build_info',
    help: 'Always 1; its labels name the release this instance runs (package.json version) and its node.',
    labelNames: ['version', 'node'],
    registers: [registry],
  }).set({ version: release.version, node: release.node }, 1)
  new Gauge({
    name: 'console_ready',
    help: '1 while GET /readyz answers 200 (store reached, migrations applied, writable, not draining), else 0.',
    registers: [registry],
    async collect() {
      this.set((await readiness()).ready ? 1 : 0)
    },
  })
  new Gauge({
    name: 'console_store_reachable',
    help: '0 while the store does not answer (unreachable, or not within 1.5 s), else 1.',
    registers: [registry],
    async collect() {
      const { store } = await readiness()
      this.set(store === 'unreachable' || store === 'timeout' ? 0 : 1)
    },
  })
}
