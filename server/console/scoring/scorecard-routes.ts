// /api/console/scorecards: the scorecards managers score calls against (read by those who score: calls:score), and
// the admins' changes (scorecards:manage): create one, change it (a new version: scores keep the one they were given
// against), archive or restore it. Each change audited with the version it made.
import { Hono, type MiddlewareHandler } from 'hono'
import { every } from 'hono/combine'
import {
  type Question,
  type Scorecard,
  type ScorecardInput,
  scorecardArchiveInput,
  scorecardInput,
} from '../../../src/api/contract/scoring-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { jsonBody } from '../http/json-body'
import { sendProblem } from '../http/problem'
import type { ConsoleStore } from '../store'
import type { ScorecardRow } from '../store/scoring'

const ID = /^[A-Za-z0-9-]{1,64}$/

/** The questions as kept: ids by position, which the answers of that version name. */
const questionsOf = (input: ScorecardInput): Question[] =>
  input.questions.map(({ kind, text, scale_max, weight }, index) => ({
    id: `q${index + 1}`,
    kind,
    text,
    // A yes-or-no question has no scale, whatever was sent with it.
    ...(kind === 'scale' ? { scale_max } : {}),
    weight,
  }))

const scorecardOf = (row: ScorecardRow): Scorecard => ({
  id: row.id,
  name: row.name,
  version: row.version,
  archived: row.archived,
  questions: JSON.parse(row.questions),
  updated_at: new Date(row.updatedAt).toISOString(),
})

export function scorecardRoutes(options: {
  store: ConsoleStore
  audit: AuditLog
  signedIn: MiddlewareHandler<SessionEnv>
  now: () => number
}) {
  const { store, audit } = options
  const manage = every(options.signedIn, requirePermission('scorecards:manage'))
  const noSuchScorecard = (c: Parameters<typeof sendProblem>[0]) =>
    sendProblem(c, 404, 'No such scorecard', 'The console has no scorecard with that id. Reload the scorecards.')

  return new Hono<SessionEnv>()
    .get('/', options.signedIn, requirePermission('calls:score'), async (c) =>
      c.json({ scorecards: (await store.scoring.list()).map(scorecardOf) }),
    )
    .post('/', manage, jsonBody(scorecardInput, 'Check the scorecard’s name and questions.'), async (c) => {
      const input = c.req.valid('json')
      const session = c.get('session')
      const id = crypto.randomUUID()
      const questions = questionsOf(input)
      await store.scoring.create({
        id,
        name: input.name,
        questions: JSON.stringify(questions),
        by: session.userId,
        at: options.now(),
      })
      await audit.record({
        actor: actorOf(session),
        ...requestFacts(c),
        action: 'scorecard.created',
        target: id,
        outcome: 201,
        detail: { name: input.name, version: 1, questions: questions.length },
      })
      const created = await store.scoring.find(id)
      return c.json(created && scorecardOf(created), 201)
    })
    .put('/:id', manage, jsonBody(scorecardInput, 'Check the scorecard’s name and questions.'), async (c) => {
      const id = c.req.param('id')
      if (!ID.test(id)) return noSuchScorecard(c)
      const input = c.req.valid('json')
      const session = c.get('session')
      const questions = questionsOf(input)
      const changed = await store.scoring.newVersion(id, {
        name: input.name,
        questions: JSON.stringify(questions),
        by: session.userId,
        at: options.now(),
      })
      if (!changed) return noSuchScorecard(c)
      await audit.record({
        actor: actorOf(session),
        ...requestFacts(c),
        action: 'scorecard.changed',
        target: id,
        outcome: 200,
        detail: { name: input.name, version: changed.version, questions: questions.length },
      })
      const row = await store.scoring.find(id)
      return c.json(row && scorecardOf(row))
    })
    .patch('/:id', manage, jsonBody(scorecardArchiveInput, 'Say whether the scorecard is archived.'), async (c) => {
      const id = c.req.param('id')
      if (!ID.test(id)) return noSuchScorecard(c)
      const { archived } = c.req.valid('json')
      if (!(await store.scoring.setArchived(id, archived, options.now()))) return noSuchScorecard(c)
      await audit.record({
        actor: actorOf(c.get('session')),
        ...requestFacts(c),
        action: 'scorecard.changed',
        target: id,
        outcome: 200,
        detail: { archived },
      })
      const row = await store.scoring.find(id)
      return c.json(row && scorecardOf(row))
    })
}
