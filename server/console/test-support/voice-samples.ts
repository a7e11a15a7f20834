// A concrete request for each of the voice API's operations, with ids and a signed
// recording link that exist in the running simulator.
import { STORAGE_PROXY_PATH, STORAGE_PROXY_URL_PARAM } from '../../../src/api/contract/recording-links'
import type { Operation } from '../operations'
import { type SimulatorProcess, simulatorGet } from './simulator-process'

// The simulator's test numbers (its README): this one completes, and the other is never verified by anyone.
const COMPLETES = '+15005550006'

export interface Samples {
  callId: string
  callerId: string
  /** Path and query of a signed recording download, as the API hands it out. */
  recordingPath: string
  /** The whole signed link, as the API hands it out (on the simulator's origin). */
  recordingUrl: string
}

type CallList = { calls: { call_id: string }[] }
type Recordings = { recordings: { url: string }[] }
type CallerIds = { caller_ids: { phone_number: string; verification_status: string }[] }

/** Finds a call with a recording in the seeded data, or places one and waits for its recording. */
export async function findSamples(sim: SimulatorProcess): Promise<Samples> {
  const callerIds = await simulatorGet<CallerIds>(sim, '/caller-ids')
  const callerId = callerIds.caller_ids.find((c) => c.verification_status === 'VERIFIED')?.phone_number
  if (!callerId) throw new Error('the Acme account has no verified caller ID')
  const { calls } = await simulatorGet<CallList>(sim, '/calls?limit=100')
  for (const { call_id } of calls) {
    const { recordings } = await simulatorGet<Recordings>(sim, `/calls/${call_id}/recordings`)
    const url = recordings[0]?.url
    if (url) return { callId: call_id, callerId, recordingPath: pathOf(url), recordingUrl: url }
  }
  const placed = await fetch(`${sim.url}/api/v1/voice/calls`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ caller_id: callerId, destination: COMPLETES, record: true }),
  })
  const { call_id } = (await placed.json()) as { call_id: string }
  for (let tries = 0; tries < 300; tries++) {
    const { recordings } = await simulatorGet<Recordings>(sim, `/calls/${call_id}/recordings`)
    const url = recordings[0]?.url
    if (url) return { callId: call_id, callerId, recordingPath: pathOf(url), recordingUrl: url }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('no recording became available')
}

const pathOf = (url: string) => {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

let numbers = 0

/** The path (and body, for a POST) of one operation, filled in with real ids. */
export function sampleRequest(operation: Operation, samples: Samples): { path: string; json?: unknown } {
  if (operation.route === STORAGE_PROXY_PATH) {
    return { path: `${STORAGE_PROXY_PATH}?${STORAGE_PROXY_URL_PARAM}=${encodeURIComponent(samples.recordingUrl)}` }
  }
  if (operation.storage) return { path: samples.recordingPath }
  const path = operation.route.replace('{call_id}', samples.callId)
  if (operation.method === 'GET') return { path }
  if (path.endsWith('/calls')) return { path, json: { caller_id: samples.callerId, destination: COMPLETES } }
  // A number nobody has asked to verify yet, so the verification starts.
  numbers += 1
  return { path, json: { phone_number: `+1415555${String(1000 + numbers).slice(-4)}` } }
}
