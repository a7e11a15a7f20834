// npm run bench:cluster [-- --people 500 --seconds 60 --instances 2 --store both --profile <folder>]
// Many signed-in people on the console, in front of the real simulator through a counting proxy; loopback only,
// and it stops by itself. On PostgreSQL, `--instances` console instances behind nginx (the shipped
// deploy/nginx/console.conf) on one throw-away database; on SQLite one instance (a SQLite file has one writer),
// behind the same nginx with that one upstream. Each person reads a call's status through the console once a
// second, as a call page does. Each store in turn (the same people, the same seconds) reports p50/p99 of those
// reads, the upstream rate, CPU per request and memory of each instance; with both, the last line compares them.
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { clusterMissing } from '../server/console/test-support/console-cluster'
import { findNginx } from '../server/console/test-support/nginx-process'
import { runClusterStore } from './cluster/run-store'
import { type StoreFigures, storesLine } from './cluster/stores-line'
import { integerOption } from './integer-option'
import { type BenchStore, storeOption } from './stores/store-option'

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '60' },
    instances: { type: 'string', default: '2' },
    store: { type: 'string' },
    profile: { type: 'string' },
  },
})
const people = integerOption('people', values.people, 1, 2_000)
const seconds = integerOption('seconds', values.seconds, 1, 600)
const instances = integerOption('instances', values.instances, 1, 8)
const stores = storeOption(values.store, console.log)

const nginx = findNginx()
const missing = 'missing' in nginx ? nginx.missing : stores.includes('postgres') ? clusterMissing() : null
if (missing) {
  console.error(`bench:cluster needs nginx${stores.includes('postgres') ? ' and PostgreSQL' : ''}: ${missing}`)
  process.exit(1)
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')
console.log(
  `npm run bench:cluster -- --people ${people} --seconds ${seconds} --instances ${instances} --store ${values.store ?? stores.join('+')}`,
)
const figures: Partial<Record<BenchStore, StoreFigures>> = {}
for (const store of stores) {
  console.log(`load average ${load()} (before ${store})`)
  figures[store] = await runClusterStore({ store, people, seconds, instances, profileDir: values.profile }, console.log)
}
console.log(`load average ${load()} (at the end)`)
if (figures.postgres && figures.sqlite) console.log(storesLine(figures.postgres, figures.sqlite))
