// The deliveries' store queries: once per (firing, channel), a claim held by one instance, and when the worker wakes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type ConsoleStore, openStore } from './'

const stores: ConsoleStore[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function twoInstances() {
  const dir = mkdtempSync(join(tmpdir(), 'alert-deliveries-'))
  dirs.push(dir)
  const path = join(dir, 'console.sqlite')
  const one = await openStore(path)
  const two = await openStore(path)
  stores.push(one, two)
  await one.alertChannels.create({
    id: 'chn_a',
    kind: 'webhook',
    name: 'A',
    url: 'https://hooks.example.com/a',
    recipients: null,
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    enabled: true,
    createdAt: 1,
  })
  return { one, two }
}

const delivery = (id: string, firingId: string | null, createdAt = 1_000) => ({
  id,
  channelId: 'chn_a',
  firingId,
  eventType: 'alert.fired',
  payload: '{}',
  createdAt,
})

describe('alert deliveries in the store', () => {
  it('keep one delivery per firing and channel, whichever instance adds it; tests are never merged', async () => {
    const { one, two } = await twoInstances()
    expect(await one.alertDeliveries.insert([delivery('msg_1', 'fir_1')])).toBe(1)
    expect(await two.alertDeliveries.insert([delivery('msg_2', 'fir_1')])).toBe(0)
    expect(await two.alertDeliveries.insert([delivery('msg_3', null), delivery('msg_4', null)])).toBe(2)
    expect((await one.alertDeliveries.page({ after: null, limit: 10 })).map((row) => row.id).sort()).toEqual([
      'msg_1',
      'msg_3',
      'msg_4',
    ])
  })

  it('hand each due delivery to one instance until its lease ends', async () => {
    const { one, two } = await twoInstances()
    await one.alertDeliveries.insert(Array.from({ length: 6 }, (_, n) => delivery(`msg_${n}`, `fir_${n}`)))
    const [a, b] = await Promise.all([
      one.alertDeliveries.claimDue(2_000, 62_000, 4),
      two.alertDeliveries.claimDue(2_000, 62_000, 4),
    ])
    const ids = [...(a ?? []), ...(b ?? [])].map((d) => d.id)
    expect(ids).toHaveLength(6)
    expect(new Set(ids).size).toBe(6)
    expect(await one.alertDeliveries.claimDue(3_000, 63_000, 10)).toEqual([])
    // The worker sleeps until the leases end, not until the long-passed next_attempt_at.
    expect(await one.alertDeliveries.nextDueAt()).toBe(62_000)
    // A lease that ran out (its instance stopped) is claimed again.
    expect(await two.alertDeliveries.claimDue(62_001, 122_001, 10)).toHaveLength(6)
  })

  it('record an outcome only while the claim is the sender’s', async () => {
    const { one, two } = await twoInstances()
    await one.alertDeliveries.insert([delivery('msg_x', 'fir_x')])
    const [stale] = await one.alertDeliveries.claimDue(2_000, 3_000, 1)
    const [fresh] = await two.alertDeliveries.claimDue(3_001, 63_001, 1)
    if (!stale || !fresh) throw new Error('not claimed')
    const outcome = {
      status: 'delivered' as const,
      attemptedAt: 3_500,
      nextAttemptAt: null,
      responseStatus: 200,
      responseTimeMs: 5,
      responseExcerpt: '',
    }
    expect(await one.alertDeliveries.record(stale, outcome)).toBe(false)
    expect(await two.alertDeliveries.record(fresh, outcome)).toBe(true)
    expect(await one.alertDeliveries.find('msg_x')).toMatchObject({ status: 'delivered', attempts: 1 })
  })
})
