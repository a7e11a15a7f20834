// One person's flood of many-term searches beside another person's search, on the real store: the flood's
// searches past the person's slots are answered 429 at once, and the other person's search goes ahead of the
// flood's waiting ones. Read from who takes the readers' turns in what order, never from times.
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_SEARCH_TERMS } from '../../../../src/api/contract/call-query'
import { eventually } from '../../../shared/test-support/eventually'
import { createFairTurns, type FairTurns } from '../../http/fair-turns'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../../test-support/console-app'
import { SEARCHES_PER_PERSON } from './search-limits'

/** Short terms, each of three letters: `count` of them. */
const manyTerms = (count: number) =>
  Array.from({ length: count }, (_, i) => `t${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + i / 26)}`)
const search = (terms: string[]) => `/api/console/calls/search?q=${encodeURIComponent(terms.join(' '))}`

let consoles: TestConsole[] = []
afterEach(async () => {
  for (const t of consoles) await t.store.close()
  consoles = []
})

/** The real turns, with the order in which people started theirs. */
function recordedTurns(atOnce: number) {
  const turns = createFairTurns({ atOnce, perPerson: 1 })
  const started: string[] = []
  const recorded: FairTurns = {
    take: (person, signal) =>
      turns.take(person, signal).then((turn) => {
        started.push(person)
        return turn
      }),
    state: turns.state,
  }
  return { turns: recorded, started }
}

async function twoPeople(overrides: Parameters<typeof createTestConsole>[0] = {}) {
  const t = await createTestConsole({ apiKey: null, ...overrides })
  consoles.push(t)
  const a = await t.addUser('a@example.com', 'support')
  const b = await t.addUser('b@example.com', 'manager')
  return { t, a: { id: a.id, cookie: await t.signIn(a.email) }, b: { id: b.id, cookie: await t.signIn(b.email) } }
}

describe('searches in rotation between people', () => {
  it('answers a flood past its slots 429 at once, and puts another person’s search ahead of the flood’s', async () => {
    const { turns, started } = recordedTurns(1)
    const { t, a, b } = await twoPeople({ searchTurns: turns })
    // The one turn at the readers is taken: every search waits in line, where its place can be read.
    const holder = await turns.take('holder')
    const flood = Array.from({ length: SEARCHES_PER_PERSON + 3 }, () =>
      Promise.resolve(t.request(search(manyTerms(MAX_SEARCH_TERMS)), { cookie: a.cookie })),
    )
    const early: Response[] = []
    for (const answer of flood) void answer.then((res) => early.push(res))
    // The slots are counted before the line: the searches past them are answered while the rest still wait.
    await eventually(() => expect(turns.state().waiting).toEqual([{ person: a.id, waits: SEARCHES_PER_PERSON }]))
    await eventually(() => expect(early).toHaveLength(flood.length - SEARCHES_PER_PERSON))
    for (const res of early) {
      expect(res.headers.get('retry-after')).toBe('1')
      const problem = await expectProblem(res, 429)
      expect(problem.title).toBe('Too many searches at once')
      expect(problem.detail).toBe(
        `You already have ${SEARCHES_PER_PERSON} searches running or waiting. Wait for them to finish, then search again.`,
      )
    }
    const ordinary = Promise.resolve(t.request(search(['4155']), { cookie: b.cookie }))
    await eventually(() => expect(turns.state().waiting.map((line) => line.person)).toEqual([a.id, b.id]))

    holder.done()
    // A's first goes (A came first); then B, who has had no turn, ahead of A's two others.
    expect(turns.state()).toEqual({
      running: new Map([[a.id, 1]]),
      waiting: [
        { person: b.id, waits: 1 },
        { person: a.id, waits: SEARCHES_PER_PERSON - 1 },
      ],
    })
    expect((await ordinary).status).toBe(200)
    const statuses = (await Promise.all(flood)).map((res) => res.status).sort()
    expect(statuses).toEqual([...Array(SEARCHES_PER_PERSON).fill(200), ...Array(3).fill(429)])
    expect(started).toEqual(['holder', a.id, b.id, a.id, a.id])
    // Every slot was given back: A may search again.
    expect((await t.request(search(['4155']), { cookie: a.cookie })).status).toBe(200)
  })

  it('refuses more terms than a search takes with 400 naming q, before any turn', async () => {
    const { turns, started } = recordedTurns(1)
    const { t, a } = await twoPeople({ searchTurns: turns })
    for (const path of ['/api/console/calls/search', '/api/console/calls/export.csv']) {
      const terms = manyTerms(40).join(' ')
      const res = await t.request(`${path}?q=${encodeURIComponent(terms)}`, { cookie: a.cookie })
      const problem = (await expectProblem(res, 400)) as { detail: string; errors?: { field: string }[] }
      expect(problem.errors?.map((error) => error.field)).toEqual(['q'])
      expect(problem.detail).toBe(
        `This search has 40 terms; search with ${MAX_SEARCH_TERMS} at most (every call must match them all, so the few that tell calls apart are enough).`,
      )
    }
    expect(started).toEqual([])
    // At the cap it is searched.
    expect((await t.request(search(manyTerms(MAX_SEARCH_TERMS)), { cookie: a.cookie })).status).toBe(200)
  })
})

describe('a search’s cost counts its terms', () => {
  it('charges the person’s pace a token a term: a many-term search spends a burst, a one-term one does not', async () => {
    const clock = fakeClock()
    // 60 a minute, in bursts of 10.
    const { t, a, b } = await twoPeople({ queryRateLimitPerMinute: 60, now: clock.now })
    expect((await t.request(search(manyTerms(MAX_SEARCH_TERMS)), { cookie: a.cookie })).status).toBe(200)
    // A's burst is spent on one search of 10 terms; B's one-term searches are not.
    const paced = await t.request(search(['4155']), { cookie: a.cookie })
    expect(paced.headers.get('retry-after')).toBe('1')
    await expectProblem(paced, 429)
    for (let i = 0; i < 5; i++) expect((await t.request(search(['4155']), { cookie: b.cookie })).status).toBe(200)
    // The pace refills A's bucket as for any request: two seconds, two one-term searches.
    clock.advance(2_000)
    expect((await t.request(search(['4155']), { cookie: a.cookie })).status).toBe(200)
  })
})
