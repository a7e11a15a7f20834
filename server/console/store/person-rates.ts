// The person_rate_buckets table: a token bucket per person and limit, shared by every console instance.
import { sql } from 'kysely'
import { type BucketPolicy, tokensAt } from '../../shared/token-bucket'
import type { ConsoleDb } from './database'

/** Whether the request was taken, and otherwise the bucket's tokens as of `now` (less than one). */
export type BucketTake = { taken: true } | { taken: false; tokens: number }

/**
 * The row's tokens as of `now`: those regained since the row's time, up to the bucket's size; none when this
 * clock is behind it. With `now` and the size as SQL values, for an upsert's `set`.
 */
function bucketAt(now: number, policy: BucketPolicy) {
  const at = sql<number>`cast(${now} as bigint)`
  const perMs = sql<number>`cast(${policy.perMs} as double precision)`
  const capacity = sql<number>`cast(${policy.capacity} as double precision)`
  const refilled = sql<number>`case
    when person_rate_buckets.at >= ${at} then person_rate_buckets.tokens
    when person_rate_buckets.tokens + (${at} - person_rate_buckets.at) * ${perMs} >= ${capacity} then ${capacity}
    else person_rate_buckets.tokens + (${at} - person_rate_buckets.at) * ${perMs} end`
  return { at, capacity, refilled }
}

// Stand-ins for take's values, none of them a value a bucket can have (times, sizes and rates are positive).
const STAND_IN = { key: '\u0000person-rate-key', now: -1, capacity: -2, perMs: -3, count: -4 }

/** The conditional upsert of `take`: `count` tokens from `key`'s bucket at `now`, or no row when it holds fewer. */
function takeUpsert(db: ConsoleDb, key: string, now: number, policy: BucketPolicy, count: number) {
  const want = sql<number>`cast(${count} as double precision)`
  const { at, capacity, refilled } = bucketAt(now, policy)
  return db
    .insertInto('person_rate_buckets')
    .values({ key, tokens: sql<number>`${capacity} - ${want}`, at: now })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          tokens: sql<number>`${refilled} - ${want}`,
          at: sql<number>`case when person_rate_buckets.at >= ${at} then person_rate_buckets.at else ${at} end`,
        })
        .where(sql<boolean>`${refilled} >= ${want}`),
    )
    .returning('key')
}

export function createPersonRateQueries(db: ConsoleDb) {
  // Compiled once with the stand-ins, which each run swaps for its values: building the upsert at every lease
  // cost more of a proxied read's CPU than its round trip (bench:cluster's profile on PostgreSQL).
  const compiledTake = takeUpsert(
    db,
    STAND_IN.key,
    STAND_IN.now,
    { capacity: STAND_IN.capacity, perMs: STAND_IN.perMs },
    STAND_IN.count,
  ).compile()
  // A builder that one day inlined a value instead of binding it would leave its stand-in in the SQL: say so at once.
  for (const standIn of Object.values(STAND_IN))
    if (!compiledTake.parameters.includes(standIn)) throw new Error(`take's upsert binds no ${String(standIn)}`)
  return {
    /**
     * Takes `count` tokens (at most the bucket's size) from `key`'s bucket at `now`, all or none: one conditional
     * upsert, so instances racing on the same person each take their own (a row lock on PostgreSQL, the single
     * writer on SQLite). A refusal leaves the row as it was, and its one extra read only runs then.
     */
    take: async (key: string, now: number, policy: BucketPolicy, count = 1): Promise<BucketTake> => {
      const values = new Map<unknown, unknown>([
        [STAND_IN.key, key],
        [STAND_IN.now, now],
        [STAND_IN.capacity, policy.capacity],
        [STAND_IN.perMs, policy.perMs],
        [STAND_IN.count, count],
      ])
      const { rows } = await db.executeQuery<{ key: string }>({
        ...compiledTake,
        parameters: compiledTake.parameters.map((parameter) => values.get(parameter) ?? parameter),
      })
      const row = rows[0]
      if (row) return { taken: true }
      const bucket = await db
        .selectFrom('person_rate_buckets')
        .select(['tokens', 'at'])
        .where('key', '=', key)
        .executeTakeFirst()
      if (!bucket) return { taken: false, tokens: 0 }
      return { taken: false, tokens: tokensAt(bucket, now, policy) }
    },
    /**
     * Takes `count` tokens from `key`'s bucket at `now` whatever it holds, below nothing if need be: work already
     * done (a search's terms, a query that ran to its budget) is paid for after the fact, and a bucket in debt
     * refuses the person's next requests until it has refilled past one.
     */
    spend: async (key: string, now: number, policy: BucketPolicy, count: number) => {
      const cost = sql<number>`cast(${count} as double precision)`
      const { at, capacity, refilled } = bucketAt(now, policy)
      await db
        .insertInto('person_rate_buckets')
        .values({ key, tokens: sql<number>`${capacity} - ${cost}`, at: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            tokens: sql<number>`${refilled} - ${cost}`,
            at: sql<number>`case when person_rate_buckets.at >= ${at} then person_rate_buckets.at else ${at} end`,
          }),
        )
        .execute()
    },
    /** Gives back `count` tokens taken earlier and not used, up to the bucket's size. */
    giveBack: async (key: string, count: number, policy: BucketPolicy) => {
      const back = sql<number>`person_rate_buckets.tokens + cast(${count} as double precision)`
      const capacity = sql<number>`cast(${policy.capacity} as double precision)`
      await db
        .updateTable('person_rate_buckets')
        .set({ tokens: sql<number>`case when ${back} > ${capacity} then ${capacity} else ${back} end` })
        .where('key', '=', key)
        .execute()
    },
    /** Buckets untouched since `before`: full again by then, the same as no row. */
    deleteStale: async (before: number) => {
      await db.deleteFrom('person_rate_buckets').where('at', '<', before).execute()
    },
  }
}
