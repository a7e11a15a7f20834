import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { startChild, CEILING_SERVER, type Child } from '/work/main/bench/child'
const sim = await startChild(['--import', 'tsx', 'server/index.ts'], { VOICE_SIM_DB: ':memory:', VOICE_SIM_PORT: '0', VOICE_SIM_LOG: 'off', VOICE_SIM_RATE_LIMIT: '1000000000', VOICE_SIM_SEED_CALLS: '3000' })
const ceil = await startChild(['-e', CEILING_SERVER], {})
const headers = { authorization: 'Bearer sim_demo_key_acme' }
const list = await (await fetch(sim.url + '/api/v1/voice/calls?limit=1', { headers })).json() as { calls: { call_id: string }[] }
const id = list.calls[0]!.call_id
const ticks = (c: Child) => { const f = readFileSync(`/proc/${c.process.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return Number(f[11]) + Number(f[12]) }
const run = async (name: string, c: Child, url: string) => {
  await autocannon({ url, headers, connections: 20, amount: 5000 })
  const before = ticks(c); const n = 30000
  await autocannon({ url, headers, connections: 20, amount: n })
  console.log(name, ((ticks(c) - before) * 10000 / n).toFixed(1), 'µs CPU/request')
}
for (let i = 0; i < 1; i++) {

  await run('healthz', sim, sim.url + '/healthz')
  await run('status', sim, sim.url + `/api/v1/voice/calls/${id}/status`)

}
await sim.stop(); await ceil.stop()
