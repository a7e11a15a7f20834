// Call scoring (issue 53, item 6): scorecards with every version kept, and each scorer's score of a call against one.
// A change to a scorecard is a new version in one serial transaction, so two admins' edits make versions n+1 and n+2.
import type { StoreAdapter } from './adapter'
import type { ConsoleDb } from './database'

export interface ScorecardRow {
  id: string
  name: string
  version: number
  archived: boolean
  /** JSON, as kept: the questions of that version. */
  questions: string
  updatedAt: number
}

export interface CallScoreRow {
  id: string
  callId: string
  scorecardId: string
  version: number
  scorecardName: string
  questions: string
  scorerId: string
  scorerEmail: string
  answers: string
  scoreTenths: number
  comment: string
  createdAt: number
  updatedAt: number
}

export interface ScoreToSave {
  callId: string
  scorecardId: string
  version: number
  scorerId: string
  placerId: string | null
  answers: string
  scoreTenths: number
  comment: string
  at: number
}

export interface SummaryRow {
  id: string
  label: string
  averageTenths: number
  count: number
}

export interface ExportedScoreRow {
  callId: string
  scoredAt: number
  scorecardName: string
  version: number
  scorerEmail: string
  placerEmail: string | null
  scoreTenths: number
  comment: string
}

const GONE = 'a removed person'

export function createScoringQueries(db: ConsoleDb, adapter: StoreAdapter) {
  const current = () =>
    db
      .selectFrom('scorecards as s')
      .innerJoin('scorecard_versions as v', (join) =>
        join.onRef('v.scorecard_id', '=', 's.id').onRef('v.version', '=', 's.version'),
      )
      .select(['s.id', 'v.name', 's.version', 's.archived', 'v.questions', 's.updated_at'])
  const scorecardOf = (row: {
    id: string
    name: string
    version: number
    archived: number
    questions: string
    updated_at: number
  }): ScorecardRow => ({
    id: row.id,
    name: row.name,
    version: Number(row.version),
    archived: Number(row.archived) === 1,
    questions: row.questions,
    updatedAt: Number(row.updated_at),
  })
  const scores = () =>
    db
      .selectFrom('call_scores as c')
      .innerJoin('scorecard_versions as v', (join) =>
        join.onRef('v.scorecard_id', '=', 'c.scorecard_id').onRef('v.version', '=', 'c.version'),
      )
      .leftJoin('users as u', 'u.id', 'c.scorer_id')
      .select([
        'c.id',
        'c.call_id',
        'c.scorecard_id',
        'c.version',
        'v.name',
        'v.questions',
        'c.scorer_id',
        'c.placer_id',
        'u.email',
        'c.answers',
        'c.score_tenths',
        'c.comment',
        'c.created_at',
        'c.updated_at',
      ])
  type ScoreSelect = Awaited<ReturnType<ReturnType<typeof scores>['execute']>>[number]
  const scoreOf = (row: ScoreSelect): CallScoreRow => ({
    id: row.id,
    callId: row.call_id,
    scorecardId: row.scorecard_id,
    version: Number(row.version),
    scorecardName: row.name,
    questions: row.questions,
    scorerId: row.scorer_id,
    scorerEmail: row.email ?? GONE,
    answers: row.answers,
    scoreTenths: Number(row.score_tenths),
    comment: row.comment,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  })

  return {
    /** Every scorecard as of its current version, by name. */
    list: async (): Promise<ScorecardRow[]> =>
      (await current().orderBy('v.name').orderBy('s.id').execute()).map(scorecardOf),
    find: async (id: string): Promise<ScorecardRow | null> => {
      const row = await current().where('s.id', '=', id).executeTakeFirst()
      return row ? scorecardOf(row) : null
    },
    create: (card: { id: string; name: string; questions: string; by: string; at: number }) =>
      db.transaction().execute(async (tx) => {
        await tx
          .insertInto('scorecards')
          .values({ id: card.id, version: 1, archived: 0, created_at: card.at, updated_at: card.at })
          .execute()
        await tx
          .insertInto('scorecard_versions')
          .values({
            scorecard_id: card.id,
            version: 1,
            name: card.name,
            questions: card.questions,
            created_by: card.by,
            created_at: card.at,
          })
          .execute()
      }),
    /** The scorecard's next version; null: no such scorecard. */
    newVersion: (id: string, change: { name: string; questions: string; by: string; at: number }) =>
      adapter.serialTransaction(db, async (tx): Promise<{ version: number; previousName: string } | null> => {
        const found = await tx
          .selectFrom('scorecards as s')
          .innerJoin('scorecard_versions as v', (join) =>
            join.onRef('v.scorecard_id', '=', 's.id').onRef('v.version', '=', 's.version'),
          )
          .select(['s.version', 'v.name'])
          .where('s.id', '=', id)
          .executeTakeFirst()
        if (!found) return null
        const version = Number(found.version) + 1
        await tx
          .insertInto('scorecard_versions')
          .values({
            scorecard_id: id,
            version,
            name: change.name,
            questions: change.questions,
            created_by: change.by,
            created_at: change.at,
          })
          .execute()
        await tx.updateTable('scorecards').set({ version, updated_at: change.at }).where('id', '=', id).execute()
        return { version, previousName: found.name }
      }),
    /** False: no such scorecard. */
    setArchived: async (id: string, archived: boolean, at: number) =>
      Number(
        (
          await db
            .updateTable('scorecards')
            .set({ archived: archived ? 1 : 0, updated_at: at })
            .where('id', '=', id)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) > 0,
    /** The questions of one version, as kept. */
    questionsOf: async (id: string, version: number): Promise<string | null> =>
      (
        await db
          .selectFrom('scorecard_versions')
          .select('questions')
          .where('scorecard_id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst()
      )?.questions ?? null,

    /** A call's scores, oldest first. */
    scoresOf: async (callId: string): Promise<CallScoreRow[]> =>
      (await scores().where('c.call_id', '=', callId).orderBy('c.created_at').orderBy('c.id').execute()).map(scoreOf),
    scoreBy: async (callId: string, scorecardId: string, scorerId: string): Promise<CallScoreRow | null> => {
      const row = await scores()
        .where('c.call_id', '=', callId)
        .where('c.scorecard_id', '=', scorecardId)
        .where('c.scorer_id', '=', scorerId)
        .executeTakeFirst()
      return row ? scoreOf(row) : null
    },
    /**
     * Gives or changes the scorer's one score of the call against the scorecard (the store's UNIQUE keeps it one,
     * whichever instance saves): answers whether it was new, and the score it replaced.
     */
    save: (score: ScoreToSave) =>
      adapter.serialTransaction(db, async (tx): Promise<{ created: boolean; previousTenths: number | null }> => {
        const before = await tx
          .selectFrom('call_scores')
          .select(['id', 'score_tenths'])
          .where('call_id', '=', score.callId)
          .where('scorecard_id', '=', score.scorecardId)
          .where('scorer_id', '=', score.scorerId)
          .executeTakeFirst()
        if (before) {
          await tx
            .updateTable('call_scores')
            .set({
              answers: score.answers,
              score_tenths: score.scoreTenths,
              comment: score.comment,
              updated_at: score.at,
            })
            .where('id', '=', before.id)
            .execute()
          return { created: false, previousTenths: Number(before.score_tenths) }
        }
        await tx
          .insertInto('call_scores')
          .values({
            id: crypto.randomUUID(),
            call_id: score.callId,
            scorecard_id: score.scorecardId,
            version: score.version,
            scorer_id: score.scorerId,
            placer_id: score.placerId,
            answers: score.answers,
            score_tenths: score.scoreTenths,
            comment: score.comment,
            created_at: score.at,
            updated_at: score.at,
          })
          .execute()
        return { created: true, previousTenths: null }
      }),

    /** Scores given in [from, to): averaged per person who placed the call, and per scorecard. */
    summary: async (fromMs: number, toMs: number) => {
      const inPeriod = db
        .selectFrom('call_scores as c')
        .where('c.created_at', '>=', fromMs)
        .where('c.created_at', '<', toMs)
      const [people, cards] = await Promise.all([
        inPeriod
          .leftJoin('users as u', 'u.id', 'c.placer_id')
          .select((eb) => [
            'c.placer_id as id',
            'u.email as label',
            eb.fn.avg<number>('c.score_tenths').as('average'),
            eb.fn.countAll<number>().as('count'),
          ])
          .groupBy(['c.placer_id', 'u.email'])
          .execute(),
        inPeriod
          .innerJoin('scorecards as s', 's.id', 'c.scorecard_id')
          .innerJoin('scorecard_versions as v', (join) =>
            join.onRef('v.scorecard_id', '=', 's.id').onRef('v.version', '=', 's.version'),
          )
          .select((eb) => [
            'c.scorecard_id as id',
            'v.name as label',
            eb.fn.avg<number>('c.score_tenths').as('average'),
            eb.fn.countAll<number>().as('count'),
          ])
          .groupBy(['c.scorecard_id', 'v.name'])
          .execute(),
      ])
      const rowOf = (row: { id: string | null; label: string | null; average: number; count: number }) => ({
        id: row.id ?? '',
        label: row.label ?? (row.id === null ? 'Not placed through the console' : GONE),
        averageTenths: Number(row.average),
        count: Number(row.count),
      })
      const byAverage = (a: SummaryRow, b: SummaryRow) =>
        b.averageTenths - a.averageTenths || a.label.localeCompare(b.label)
      return { byPerson: people.map(rowOf).sort(byAverage), byScorecard: cards.map(rowOf).sort(byAverage) }
    },
    /** Every score given in [from, to), oldest first, as the CSV lists them. */
    exportRows: async (fromMs: number, toMs: number): Promise<ExportedScoreRow[]> =>
      (
        await scores()
          .leftJoin('users as p', 'p.id', 'c.placer_id')
          .select('p.email as placer_email')
          .where('c.created_at', '>=', fromMs)
          .where('c.created_at', '<', toMs)
          .orderBy('c.created_at')
          .orderBy('c.id')
          .execute()
      ).map((row) => ({
        callId: row.call_id,
        scoredAt: Number(row.created_at),
        scorecardName: row.name,
        version: Number(row.version),
        scorerEmail: row.email ?? GONE,
        placerEmail: row.placer_id === null ? null : (row.placer_email ?? GONE),
        scoreTenths: Number(row.score_tenths),
        comment: row.comment,
      })),
  }
}
