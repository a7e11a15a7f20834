import { startSimulator } from './simulator'
const sim = await startSimulator({ db: ':memory:', port: 0, speed: 100, log: 'off' })
const h = { Authorization: 'Bearer sim_demo_key_acme' }
const r = await fetch(sim.url + '/api/v1/voice/calls', { method: 'POST', headers: { ...h, 'Content-Type': 'application/json' }, body: JSON.stringify({ caller_id: '+14155550100', destination: '+15005550006', record: true }) })
const { call_id } = await r.json() as { call_id: string }
await new Promise(r => setTimeout(r, 3000))
const rec = await (await fetch(sim.url + `/api/v1/voice/calls/${call_id}/recordings`, { headers: h })).json() as { recordings: { url: string }[] }
console.log(rec.recordings[0]?.url)
await new Promise(r => setTimeout(r, 60000))
await sim.close()
