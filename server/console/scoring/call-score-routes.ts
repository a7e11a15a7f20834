// /api/console/calls/{call_id}/scores: a call's scores, as the person asking may see them (score-rules.ts), and PUT
// …/scores/{scorecard_id}: the scorer's own score of it, one per scorer per call per scorecard. The weighted score is
// reckoned here (weighted-score.ts), the one place. Audited as call.scored, then call.score-changed; the comment may
// hold the callee's personal details, so the trail names it by its SHA-256 and length (as a note's), and its text
// stays in call_scores, where an erasure or the retention prune can reach it.
import { createHash } from 'node:crypto'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import {
  type CallScore,
  type CallScores,
  callScoreInput,
  type Question,
} from '../../../src/api/contract/scoring-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { jsonBody } from '../http/json-body'
import { sendProblem } from '../http/problem'
import type { ConsoleStore } from '../store'
import type { CallScoreRow } from '../store/scoring'
import { mayScore, maySeeScores } from './score-rules'
import { weightedScore } from './weighted-score'

const CALL_ID = /^[A-Za-z0-9_-]{1,100}$/
const SCORECARD_ID = /^[A-Za-z0-9-]{1,64}$/
const iso = (ms: number) => new Date(ms).toISOString()

const scoreOf = (row: CallScoreRow, askerId: string): CallScore => ({
  scorecard_id: row.scorecardId,
  scorecard: { name: row.scorecardName, version: row.version, questions: JSON.parse(row.questions) },
  scorer: row.scorerEmail,
  score: row.scoreTenths / 10,
  answers: JSON.parse(row.answers),
  comment: row.comment,
  scored_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
  mine: row.scorerId === askerId,
})

export function callScoreRoutes(options: {
  store: ConsoleStore
  audit: AuditLog
  signedIn: MiddlewareHandler<SessionEnv>
  now: () => number
}) {
  const { store, audit } = options

  async function callOf(c: Context<SessionEnv>) {
    const callId = c.req.param('callId') ?? ''
    if (!CALL_ID.test(callId))
      return sendProblem(c, 404, 'No such call', 'A call id is made of letters, digits, "_" and "-".')
    return { callId, ...(await store.callWork.callOf(callId)) }
  }

  const readScores = async (c: Context<SessionEnv>, callId: string, placerId: string | null): Promise<CallScores> => {
    const session = c.get('session')
    if (!maySeeScores(session, placerId)) return { scores: [], may_score: false }
    const rows = await store.scoring.scoresOf(callId)
    return { scores: rows.map((row) => scoreOf(row, session.userId)), may_score: mayScore(session) }
  }

  // Mounted at the console's prefix: its guard is for its own paths only.
  return (
    new Hono<SessionEnv>()
      .use('/calls/:callId/scores', options.signedIn, requirePermission('calls:read'))
      // Hono's `/*` would match …/scores itself too: the scorers' guard is on the route.
      .use('/calls/:callId/scores/:scorecardId', options.signedIn, requirePermission('calls:score'))
      .get('/calls/:callId/scores', async (c) => {
        const call = await callOf(c)
        if (call instanceof Response) return call
        return c.json(await readScores(c, call.callId, call.placerId))
      })
      .put(
        '/calls/:callId/scores/:scorecardId',
        jsonBody(callScoreInput, 'Check the answers and the comment.'),
        async (c) => {
          const call = await callOf(c)
          if (call instanceof Response) return call
          if (!call.known)
            return sendProblem(
              c,
              404,
              'No such call',
              'The console knows no call with that id: it did not place it, nor list it yet.',
            )
          const scorecardId = c.req.param('scorecardId')
          const card = SCORECARD_ID.test(scorecardId) ? await store.scoring.find(scorecardId) : null
          if (!card)
            return sendProblem(c, 404, 'No such scorecard', 'Choose one of the scorecards offered. Reload the page.')
          const session = c.get('session')
          const own = await store.scoring.scoreBy(call.callId, card.id, session.userId)
          // A score is changed against the version it was given against; a new one takes the current version, and
          // an archived scorecard takes none.
          if (!own && card.archived)
            return sendProblem(
              c,
              409,
              'Scorecard archived',
              `“${card.name}” is archived: it takes no new scores. Choose another scorecard.`,
            )
          const version = own?.version ?? card.version
          const questions: Question[] = JSON.parse(
            own ? own.questions : ((await store.scoring.questionsOf(card.id, version)) ?? '[]'),
          )
          const input = c.req.valid('json')
          const reading = weightedScore(questions, input.answers)
          if (!reading.ok)
            return sendProblem(
              c,
              400,
              'The score is not complete',
              reading.errors.map((error) => error.message).join(' '),
              { errors: reading.errors },
            )
          const at = options.now()
          const saved = await store.scoring.save({
            callId: call.callId,
            scorecardId: card.id,
            version,
            scorerId: session.userId,
            placerId: call.placerId,
            answers: JSON.stringify(reading.answers),
            scoreTenths: reading.tenths,
            comment: input.comment,
            at,
          })
          await audit.record({
            actor: actorOf(session),
            ...requestFacts(c),
            action: saved.created ? 'call.scored' : 'call.score-changed',
            target: call.callId,
            outcome: saved.created ? 201 : 200,
            detail: {
              scorecard: card.id,
              version,
              score: reading.tenths / 10,
              ...(saved.previousTenths === null ? {} : { previous: saved.previousTenths / 10 }),
              comment_length: input.comment.length,
              ...(input.comment && { sha256: createHash('sha256').update(input.comment).digest('hex') }),
            },
          })
          return c.json(await readScores(c, call.callId, call.placerId), saved.created ? 201 : 200)
        },
      )
  )
}
