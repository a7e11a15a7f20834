// One poll per live call in total, not per instance: two viewers of one call, each on another instance
// behind nginx, and the voice service asked for its status at the hub's pace once, not twice; and when the
// instance that polls dies, a survivor polls within 5 s.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clusterPerson } from '../test-support/cluster-person'
import { type ConsoleCluster, clusterSkipReason, startConsoleCluster } from '../test-support/console-cluster'
import { simulatorGet } from '../test-support/simulator-process'
import { openSse, type SseClient } from '../test-support/sse-client'

const skip = clusterSkipReason()

const POLL_MS = 1_000
const PERSON = 'viewer@cluster.test'

let cluster: ConsoleCluster

async function placeOnTheSimulator(destination: string): Promise<string> {
  const ids = await simulatorGet<{ caller_ids: { phone_number: string }[] }>(cluster.simulator, '/caller-ids')
  const res = await fetch(`${cluster.simulator.url}/api/v1/voice/calls`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${cluster.simulator.key}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ caller_id: ids.caller_ids[0]?.phone_number, destination }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { call_id: string }).call_id
}

describe.skipIf(skip)('live calls watched through two instances', () => {
  beforeAll(async () => {
    cluster = await startConsoleCluster({
      people: [{ email: PERSON, role: 'support' }],
      countUpstream: true,
      // Real speed halved: a failing call rings for a few seconds, several polls long.
      simulatorEnv: { VOICE_SIM_SPEED: '2' },
      env: { CONSOLE_LIVE_POLL_MS: String(POLL_MS), CONSOLE_ALERTS: 'off', CONSOLE_INDEX: 'off' },
    })
  }, 180_000)
  afterAll(async () => {
    await cluster?.stop()
  }, 60_000)

  it('asks the voice service once a poll interval, whichever instance each viewer is on', async () => {
    const person = clusterPerson(cluster.url, PERSON)
    await person.signIn()
    // Placed on the voice service directly (the counting proxy passes reads only): the viewers ask for it by id.
    const callId = await placeOnTheSimulator('+15005550002')
    const from = cluster.nginx.accessLog().length
    // Two streams one after the other: nginx's round robin puts them on the two instances.
    const viewers: SseClient[] = []
    for (let i = 0; i < 2; i++)
      viewers.push(
        await openSse(
          await fetch(`${cluster.url}/api/console/events?call_id=${callId}`, {
            headers: { cookie: person.cookie ?? '', 'sec-fetch-site': 'same-origin' },
          }),
        ),
      )
    const deadline = Date.now() + 90_000
    while (Date.now() < deadline) {
      const call = await simulatorGet<{ status: string }>(cluster.simulator, `/calls/${callId}`)
      if (!['DIALER_QUEUED', 'DIALER_RINGING', 'DIALER_CONNECTED'].includes(call.status)) break
      await new Promise((done) => setTimeout(done, 500))
    }
    // Both viewers heard of the call's end, each from its own instance.
    for (const viewer of viewers)
      await viewer.next((event) => JSON.stringify(event.data).includes('DIALER_FAILED'), 15_000)
    await Promise.all(viewers.map((viewer) => viewer.close()))
    await new Promise((done) => setTimeout(done, 1_000))
    const streams = cluster.nginx
      .accessLog()
      .slice(from)
      .filter((line) => line.includes('/api/console/events'))
      .map((line) => /upstream=(\S+)/.exec(line)?.[1])
    expect(new Set(streams).size).toBe(2)

    const polls = cluster.upstream?.statusPolls(callId) ?? []
    expect(polls.length).toBeGreaterThanOrEqual(2)
    const span = (polls.at(-1)?.at ?? 0) - (polls[0]?.at ?? 0)
    // Two pollers would make about twice span / POLL_MS; one makes at most that (it backs off, never speeds up).
    expect(polls.length).toBeLessThanOrEqual(Math.ceil((span / POLL_MS) * 1.25) + 2)
  }, 180_000)
  it('moves the polling of live calls to the survivor within 5 s of its holder dying', async () => {
    const person = clusterPerson(cluster.url, PERSON)
    await person.signIn()
    const viewers: SseClient[] = []
    // Each instance is killed once (one of them holds the lease), and restarted before the other goes.
    for (const instance of cluster.instances) {
      // Several calls that answer, placed for this kill: at this speed one of them is still in conversation after
      // it. Calls placed before the first kill could all have ended by the second on a loaded machine.
      const callIds = await Promise.all(Array.from({ length: 5 }, () => placeOnTheSimulator('+15005550006')))
      const query = callIds.map((id) => `call_id=${id}`).join('&')
      const watch = async () =>
        viewers.push(
          await openSse(
            await fetch(`${cluster.url}/api/console/events?${query}`, {
              headers: { cookie: person.cookie ?? '', 'sec-fetch-site': 'same-origin' },
            }),
          ),
        )
      await watch()
      await watch()
      const polls = () => callIds.flatMap((id) => cluster.upstream?.statusPolls(id) ?? []).map((poll) => poll.at)
      await new Promise((done) => setTimeout(done, 3_000))
      const killedAt = Date.now()
      await instance.kill()
      // A viewer on the survivor keeps the calls watched.
      await watch()
      await new Promise((done) => setTimeout(done, 8_000))
      const live = await Promise.all(
        callIds.map((id) => simulatorGet<{ status: string }>(cluster.simulator, `/calls/${id}`)),
      )
      expect(
        live.some((call) => call.status === 'DIALER_CONNECTED' || call.status === 'DIALER_RINGING'),
        'a watched call is still live',
      ).toBe(true)
      const firstAfter = polls()
        .filter((at) => at > killedAt)
        .sort((a, b) => a - b)[0]
      expect(firstAfter, 'a status poll after the kill').toBeDefined()
      // Takeover within 5 s (the lease's TTL), plus one poll interval.
      expect((firstAfter ?? Number.POSITIVE_INFINITY) - killedAt).toBeLessThanOrEqual(5_000 + POLL_MS + 500)
      await instance.start()
    }
    await Promise.all(viewers.map((viewer) => viewer.close()))
  }, 180_000)
})
