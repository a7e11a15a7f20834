// Scorecards and call scores through /api/console, with a real store (both, under the two server projects) and two
// console instances on it: who keeps scorecards and who scores, the weighted score, versions, the audit (a comment
// only by its hash), who sees which scores, and the summaries and CSV on /usage.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CallScores,
  callScores as callScoresSchema,
  type Scorecard,
  scoreSummary,
} from '../../../src/api/contract/scoring-schemas'
import { openStore } from '../store'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'
import { testStoreLocation } from '../test-support/test-store'

const clock = fakeClock(Date.parse('2026-11-15T12:00:00Z'))
let first: TestConsole
let second: TestConsole
const on = {} as Record<'admin' | 'meg' | 'max' | 'sam' | 'tom', { first: string; second: string }>
const ids = {} as Record<'sam' | 'tom', string>

const CARD = {
  name: 'Quality',
  questions: [
    { kind: 'scale', text: 'Greeting', scale_max: 5, weight: 1 },
    { kind: 'yes_no', text: 'Confirmed the address', weight: 3 },
  ],
}

beforeAll(async () => {
  // Two instances, each with its own connection to one database, as two processes behind a balancer would be.
  const location = await testStoreLocation({ file: true })
  first = await createTestConsole({ store: await openStore(location), now: clock.now, liveHub: null })
  second = await createTestConsole({ store: await openStore(location), now: clock.now, liveHub: null })
  await first.addUser('admin@example.com', 'admin')
  await first.addUser('meg@example.com', 'manager')
  await first.addUser('max@example.com', 'manager')
  ids.sam = (await first.addUser('sam@example.com', 'support')).id
  ids.tom = (await first.addUser('tom@example.com', 'support')).id
  for (const who of ['admin', 'meg', 'max', 'sam', 'tom'] as const)
    on[who] = {
      first: await first.signIn(`${who}@example.com`),
      second: await second.signIn(`${who}@example.com`),
    }
  // Seeded as the console records a placement: Sam placed this call.
  await first.store.callOwners.record('call_sam_1', ids.sam, clock.now())
}, 60_000)
afterAll(async () => {
  await first?.store.close()
  await second?.store.close()
})

const createCard = async (body: unknown = CARD) => {
  const res = await first.request('/api/console/scorecards', { cookie: on.admin.first, json: body })
  expect(res.status).toBe(201)
  return (await res.json()) as Scorecard
}
const score = (who: keyof typeof on, cardId: string, body: unknown, t: 'first' | 'second' = 'first') =>
  (t === 'first' ? first : second).request(`/api/console/calls/call_sam_1/scores/${cardId}`, {
    method: 'PUT',
    cookie: on[who][t],
    json: body,
  })
const readScores = async (who: keyof typeof on, t: 'first' | 'second' = 'second'): Promise<CallScores> => {
  const res = await (t === 'first' ? first : second).request('/api/console/calls/call_sam_1/scores', {
    cookie: on[who][t],
  })
  expect(res.status).toBe(200)
  return callScoresSchema.parse(await res.json())
}

describe('scorecards', () => {
  it('are kept by admins only, validated in words, and changed as new versions', async () => {
    for (const who of ['meg', 'sam'] as const)
      await expectProblem(await first.request('/api/console/scorecards', { cookie: on[who].first, json: CARD }), 403)
    const bad = await expectProblem(
      await first.request('/api/console/scorecards', {
        cookie: on.admin.first,
        json: { name: ' ', questions: [{ kind: 'scale', text: 'Tone', scale_max: 11, weight: 0 }] },
      }),
      400,
    )
    expect(JSON.stringify(bad)).toContain('A weight is 1 or more.')
    expect(JSON.stringify(bad)).toContain('A scale goes at most from 1 to 10.')
    const noTop = await expectProblem(
      await first.request('/api/console/scorecards', {
        cookie: on.admin.first,
        json: { name: 'Tone', questions: [{ kind: 'scale', text: 'Tone', weight: 1 }] },
      }),
      400,
    )
    expect(JSON.stringify(noTop)).toContain('Give the scale’s top.')

    const card = await createCard()
    expect(card).toMatchObject({
      name: 'Quality',
      version: 1,
      archived: false,
      questions: [
        { id: 'q1', kind: 'scale', text: 'Greeting', scale_max: 5, weight: 1 },
        { id: 'q2', kind: 'yes_no', text: 'Confirmed the address', weight: 3 },
      ],
    })
    // Changed through the other instance: version 2, which managers are offered from either.
    const changed = await second.request(`/api/console/scorecards/${card.id}`, {
      method: 'PUT',
      cookie: on.admin.second,
      json: { ...CARD, name: 'Quality (v2)' },
    })
    expect(await changed.json()).toMatchObject({ name: 'Quality (v2)', version: 2 })
    const listed = await first.request('/api/console/scorecards', { cookie: on.meg.first })
    expect((await listed.json()).scorecards).toEqual([expect.objectContaining({ id: card.id, version: 2 })])
    await expectProblem(await first.request('/api/console/scorecards', { cookie: on.sam.first }), 403)

    const audited = await first.store.audit.page({ action: 'scorecard.changed' }, 10)
    expect(audited.map((entry) => JSON.parse(entry.detail ?? '{}'))).toEqual([
      { name: 'Quality (v2)', version: 2, questions: 2 },
    ])
  })
})

describe('a call’s scores', () => {
  it('are given by managers, weighted on the server, one per scorer, and keep their version', async () => {
    const card = await createCard({ ...CARD, name: 'Calls' })
    // 4 of 5 on the scale is 0.75 of its best (weight 1); yes is all of it (weight 3): 3.75 / 4 = 93.8%.
    const given = await score('meg', card.id, {
      answers: [
        { question_id: 'q1', value: 4 },
        { question_id: 'q2', value: true },
      ],
      comment: 'Kind and clear. Callee gave +1 415 555 0100.',
    })
    expect(given.status).toBe(201)
    const mine = (await given.json()) as CallScores
    expect(mine.scores.find((s) => s.scorecard_id === card.id)).toMatchObject({ score: 93.8, mine: true })

    // The scorecard changes: Meg's score stays on version 1, and her change is checked against it.
    await first.request(`/api/console/scorecards/${card.id}`, {
      method: 'PUT',
      cookie: on.admin.first,
      json: { name: 'Calls', questions: [{ kind: 'yes_no', text: 'Said goodbye', weight: 1 }] },
    })
    const changed = await score(
      'meg',
      card.id,
      {
        answers: [
          { question_id: 'q1', value: 2 },
          { question_id: 'q2', value: false },
        ],
        comment: '',
      },
      'second',
    )
    expect(changed.status).toBe(200)
    // Max scores the same call against the new version, a minute later.
    clock.advance(60_000)
    expect((await score('max', card.id, { answers: [{ question_id: 'q1', value: true }], comment: '' })).status).toBe(
      201,
    )
    const seen = (await readScores('meg')).scores.filter((s) => s.scorecard_id === card.id)
    expect(seen.map((s) => [s.scorer, s.scorecard.version, s.score, s.mine])).toEqual([
      ['meg@example.com', 1, 6.3, true],
      ['max@example.com', 2, 100, false],
    ])
    const rows = await first.store.db
      .selectFrom('call_scores')
      .select('id')
      .where('scorecard_id', '=', card.id)
      .execute()
    expect(rows).toHaveLength(2)

    // Audited with the score and the comment's hash and length, never its text.
    const scored = (await first.store.audit.page({ action: 'call.scored' }, 10)).find(
      (entry) => entry.actor_email === 'meg@example.com',
    )
    expect(scored).toMatchObject({ target: 'call_sam_1', actor_email: 'meg@example.com', outcome: 201 })
    const comment = 'Kind and clear. Callee gave +1 415 555 0100.'
    expect(JSON.parse(scored?.detail ?? '{}')).toEqual({
      scorecard: card.id,
      version: 1,
      score: 93.8,
      comment_length: comment.length,
      sha256: createHash('sha256').update(comment).digest('hex'),
    })
    expect(JSON.stringify(await first.store.audit.page({}, 100))).not.toContain('Kind and clear')
    const [change] = await first.store.audit.page({ action: 'call.score-changed' }, 10)
    expect(JSON.parse(change?.detail ?? '{}')).toMatchObject({ score: 6.3, previous: 93.8, comment_length: 0 })
  })

  it('refuses an incomplete score and an archived scorecard in words', async () => {
    const card = await createCard({ ...CARD, name: 'Strict' })
    const incomplete = await expectProblem(
      await score('meg', card.id, { answers: [{ question_id: 'q1', value: 9 }], comment: '' }),
      400,
    )
    expect(incomplete.detail).toBe('“Greeting”: Choose a whole number from 1 to 5. Answer “Confirmed the address”.')
    await expectProblem(await score('meg', 'no-such-card', { answers: [], comment: '' }), 404)
    const archived = await first.request(`/api/console/scorecards/${card.id}`, {
      method: 'PATCH',
      cookie: on.admin.first,
      json: { archived: true },
    })
    expect(await archived.json()).toMatchObject({ archived: true })
    const refused = await expectProblem(
      await score('max', card.id, {
        answers: [
          { question_id: 'q1', value: 1 },
          { question_id: 'q2', value: true },
        ],
        comment: '',
      }),
      409,
    )
    expect(refused.detail).toContain('archived')
  })

  it('are read by the call’s placer, hidden from other agents, and never given by support', async () => {
    const placer = await readScores('sam')
    expect(placer.may_score).toBe(false)
    expect(placer.scores.length).toBeGreaterThan(0)
    expect(placer.scores.every((s) => !s.mine)).toBe(true)
    expect(await readScores('tom')).toEqual({ scores: [], may_score: false })
    const [card] = (await first.store.scoring.list()).filter((c) => !c.archived)
    const refused = await expectProblem(
      await score('sam', card?.id ?? '', { answers: [{ question_id: 'q1', value: true }], comment: 'mine' }),
      403,
    )
    expect(refused.detail).toContain('Your role does not allow this')
  })
})

describe('the scores on /usage', () => {
  const period = 'from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z'
  it('averages the period’s scores per person who placed the call and per scorecard', async () => {
    const res = await second.request(`/api/console/usage/scores?${period}`, { cookie: on.meg.second })
    const summary = scoreSummary.parse(await res.json())
    // Every score so far is of Sam's call: 100, 93.8 → 6.3, 100 (Quality v2 was never scored): the first two cards.
    expect(summary.by_person).toEqual([{ id: ids.sam, label: 'sam@example.com', average: 53.2, count: 2 }])
    expect(summary.by_scorecard.map((row) => [row.label, row.average, row.count])).toEqual([['Calls', 53.2, 2]])
    const empty = await second.request('/api/console/usage/scores?from=2026-10-01T00:00:00Z&to=2026-11-01T00:00:00Z', {
      cookie: on.meg.second,
    })
    expect(await empty.json()).toEqual({ by_person: [], by_scorecard: [] })
    await expectProblem(await second.request(`/api/console/usage/scores?${period}`, { cookie: on.sam.second }), 403)
    await expectProblem(
      await second.request('/api/console/usage/scores?from=2026-12-01T00:00:00Z&to=2026-11-01T00:00:00Z', {
        cookie: on.meg.second,
      }),
      400,
    )
  })

  it('exports every score as CSV with a BOM and headers in words, audited', async () => {
    const res = await first.request(`/api/console/usage/scores.csv?${period}`, { cookie: on.admin.first })
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="call-scores_2026-11-01_2026-12-01.csv"')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n')
    expect(lines[0]).toBe(
      '"Call","Scored at (UTC)","Scorecard","Scorecard version","Scored by","Placed by","Score (%)","Comment"',
    )
    expect(lines[1]).toBe(
      '"call_sam_1","2026-11-15T12:00:00.000Z","Calls","1","meg@example.com","sam@example.com","6.3",""',
    )
    expect(lines).toHaveLength(4)
    const plain = await first.request(`/api/console/usage/scores.csv?${period}&bom=0`, { cookie: on.admin.first })
    expect((await plain.text()).startsWith('"Call"')).toBe(true)
    // A byte order that is neither 0 nor 1 is refused by name, as every export refuses it.
    const odd = await first.request(`/api/console/usage/scores.csv?${period}&bom=yes`, { cookie: on.admin.first })
    expect(odd.status).toBe(400)
    expect(odd.headers.get('content-type')).toContain('application/problem+json')
    expect(((await odd.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['bom'])
    const [entry] = await first.store.audit.page({ action: 'scores.exported' }, 10)
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({ rows: 2 })
  })
})
