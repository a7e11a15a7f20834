// Whether the trail reaches a head noted earlier: on a real store (both kinds), through the chain's own appends and
// a real retention prune.
import { describe, expect, it } from 'vitest'
import { fakeClock } from '../test-support/console-app'
import { openTestStore } from '../test-support/test-store'
import { createAuditLog } from './audit-log'
import { checkHead, parseHead } from './head'

const HOUR_MS = 60 * 60_000

async function trailOf(entries: number) {
  const store = await openTestStore()
  const clock = fakeClock()
  const audit = createAuditLog(store, clock.now)
  const written = []
  for (let n = 1; n <= entries; n++) {
    written.push(
      await audit.record({ actor: null, action: 'sign-in.failed', target: `p${n}@example.com`, outcome: 401 }),
    )
    clock.advance(HOUR_MS)
  }
  return { store, clock, audit, written }
}

const anotherHash = 'f'.repeat(64)

describe('audit head', () => {
  it('reads SEQ:HASH as audit head prints it, and nothing else', () => {
    expect(parseHead(`12:${'a'.repeat(64)}`)).toEqual({ seq: 12, hash: 'a'.repeat(64) })
    expect(parseHead(`12:${'a'.repeat(63)}`)).toBeNull()
    expect(parseHead('12')).toBeNull()
    expect(parseHead(`x:${'a'.repeat(64)}`)).toBeNull()
  })

  it('is reached when its entry holds its hash; not when the entry is missing or has another hash', async () => {
    const { store, written } = await trailOf(10)
    try {
      const seventh = written[6]
      if (!seventh) throw new Error('no seventh entry')
      expect(await checkHead(store, { seq: 7, hash: seventh.hash })).toEqual({
        reached: true,
        how: 'present',
        newestSeq: 10,
      })
      expect(await checkHead(store, { seq: 7, hash: anotherHash })).toEqual({
        reached: false,
        reason: expect.stringContaining(
          `entry 7 has the hash ${seventh.hash}, not ${anotherHash}: the trail was rolled back`,
        ),
      })
      expect(await checkHead(store, { seq: 12, hash: anotherHash })).toEqual({
        reached: false,
        reason: expect.stringContaining('entries 11 to 12 are missing: the trail ends at entry 10'),
      })
    } finally {
      await store.close()
    }
  })

  it('is reached behind a retention prune, whose checkpoint vouches for the last entry it removed', async () => {
    const { store, clock, audit, written } = await trailOf(10)
    try {
      // Entries 1 to 5 are older than the cut; the checkpoint (entry 11) names entry 5's hash.
      await audit.prune(clock.now() - 5.5 * HOUR_MS)
      expect(await store.audit.bySeq(store.db, 5)).toBeUndefined()
      const third = written[2]
      const fifth = written[4]
      if (!third || !fifth) throw new Error('entries missing')
      expect(await checkHead(store, { seq: 3, hash: third.hash })).toEqual({
        reached: true,
        how: 'pruned',
        newestSeq: 11,
      })
      expect(await checkHead(store, { seq: 5, hash: fifth.hash })).toMatchObject({ reached: true, how: 'pruned' })
      expect(await checkHead(store, { seq: 5, hash: anotherHash })).toEqual({
        reached: false,
        reason: `entry 5 was removed by a retention prune, whose checkpoint names its hash as ${fifth.hash}, not ${anotherHash}`,
      })
    } finally {
      await store.close()
    }
  })

  it('is not reached on an empty trail', async () => {
    const store = await openTestStore()
    try {
      expect(await checkHead(store, { seq: 1, hash: anotherHash })).toEqual({
        reached: false,
        reason: 'the trail is empty: entry 1 and every entry before it are missing',
      })
    } finally {
      await store.close()
    }
  })
})
