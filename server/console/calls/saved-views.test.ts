// Saved views through /api/console/views, with a real store: each person keeps their own, shared
// ones are seen by everyone, and only the owner changes or deletes a view.
import { describe, expect, it } from 'vitest'
import type { SavedView } from '../../../src/api/contract/saved-view-schemas'
import { MAX_VIEWS_PER_PERSON } from '../store/saved-views'
import { createTestConsole, expectProblem } from '../test-support/console-app'

const VIEWS = '/api/console/views'
const failedToday = { name: 'Failed today, my team', search: 'status=DIALER_FAILED', shared: false, pinned: true }

async function twoPeople() {
  const app = await createTestConsole()
  await app.addUser('ana@example.com', 'support')
  await app.addUser('ben@example.com', 'manager')
  return { app, ana: await app.signIn('ana@example.com'), ben: await app.signIn('ben@example.com') }
}

const listOf = async (app: Awaited<ReturnType<typeof createTestConsole>>, cookie: string) => {
  const res = await app.request(VIEWS, { cookie })
  expect(res.status).toBe(200)
  return ((await res.json()) as { views: SavedView[] }).views
}

describe('saved views', () => {
  it('keeps a view for its owner only, until it is shared', async () => {
    const { app, ana, ben } = await twoPeople()
    const created = await app.request(VIEWS, { cookie: ana, json: failedToday })
    expect(created.status).toBe(201)
    const view = (await created.json()) as SavedView
    expect(view).toMatchObject({ ...failedToday, mine: true, owner: { email: 'ana@example.com' } })

    expect((await listOf(app, ana)).map((v) => v.name)).toEqual(['Failed today, my team'])
    expect(await listOf(app, ben)).toEqual([])

    const shared = await app.request(`${VIEWS}/${view.id}`, {
      cookie: ana,
      method: 'PUT',
      json: { ...failedToday, shared: true },
    })
    expect(shared.status).toBe(200)
    expect(await listOf(app, ben)).toMatchObject([{ id: view.id, shared: true, mine: false }])
  })

  it('keeps a relative date range as relative, and a view saved before (fixed dates, no preset) as it was', async () => {
    const { app, ana, ben } = await twoPeople()
    const relative = { ...failedToday, name: 'Failed', shared: true, datePreset: 'last-7-days' }
    const view = (await (await app.request(VIEWS, { cookie: ana, json: relative })).json()) as SavedView
    expect(view).toMatchObject({ name: 'Failed', datePreset: 'last-7-days', search: 'status=DIALER_FAILED' })
    expect(await listOf(app, ben)).toMatchObject([{ id: view.id, datePreset: 'last-7-days' }])
    // A change that leaves the field out makes the view fixed: PUT replaces the view.
    const fixed = await app.request(`${VIEWS}/${view.id}`, { cookie: ana, method: 'PUT', json: failedToday })
    expect(((await fixed.json()) as SavedView).datePreset).toBeNull()

    // A row written before the column existed, as the migration leaves it: no preset, its own dates.
    const old = 'status=DIALER_FAILED&from_date=%222026-11-19T00%3A00%3A00.000Z%22'
    await app.store.db
      .insertInto('saved_views')
      .values({
        id: 'view_before',
        owner_id: view.owner.userId,
        name: 'Old',
        search: old,
        shared: 0,
        pinned: 1,
        updated_at: 1,
      })
      .execute()
    expect((await listOf(app, ana)).find((v) => v.id === 'view_before')).toMatchObject({
      search: old,
      datePreset: null,
    })

    const unknown = await app.request(VIEWS, { cookie: ana, json: { ...failedToday, datePreset: 'next-week' } })
    const problem = (await expectProblem(unknown, 400)) as unknown as { errors: { field: string }[] }
    expect(problem.errors.map((error) => error.field)).toEqual(['datePreset'])
  })

  it('saves once per Idempotency-Key: the same save sent again answers the view it saved', async () => {
    const { app, ana, ben } = await twoPeople()
    const save = (cookie: string, key: string, json: object = failedToday) =>
      app.request(VIEWS, { cookie, json, headers: { 'idempotency-key': key } })
    const [first, second] = await Promise.all([save(ana, 'save-1'), save(ana, 'save-1')])
    const [one, other] = [(await first.json()) as SavedView, (await second.json()) as SavedView]
    expect([first.status, second.status].sort()).toEqual([200, 201])
    expect(other.id).toBe(one.id)
    expect(await listOf(app, ana)).toHaveLength(1)

    // Another person's key, or another key, is another save.
    expect((await save(ben, 'save-1')).status).toBe(201)
    expect((await save(ana, 'save-2', { ...failedToday, name: 'Failed, again' })).status).toBe(201)
    expect((await listOf(app, ana)).map((view) => view.name)).toEqual(['Failed today, my team', 'Failed, again'])

    // Deleted, the key saves anew: the person asked again for a view that is gone.
    await app.request(`${VIEWS}/${one.id}`, { cookie: ana, method: 'DELETE' })
    expect((await save(ana, 'save-1')).status).toBe(201)

    await expectProblem(await save(ana, 'x'.repeat(256)), 400)
    await expectProblem(await save(ana, 'tab\tin it'), 400)
    expect(await listOf(app, ana)).toHaveLength(2)
  })

  it(`keeps ${MAX_VIEWS_PER_PERSON} views a person at most, however many saves arrive at once`, async () => {
    const { app, ana } = await twoPeople()
    const owner = (await app.store.users.byEmail('ana@example.com'))?.id ?? ''
    for (let n = 0; n < MAX_VIEWS_PER_PERSON - 2; n++)
      await app.store.savedViews.create(owner, { ...failedToday, name: `View ${n}` }, Date.now(), null)
    // Six tabs saving at once, two places left: the count and the insert are one step, so two are saved.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        app.request(VIEWS, { cookie: ana, json: { ...failedToday, name: `Tab ${n}` } }),
      ),
    )
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 409, 409, 409, 409])
    await expectProblem(answers.find((res) => res.status === 409) as Response, 409)
    expect(await listOf(app, ana)).toHaveLength(MAX_VIEWS_PER_PERSON)
  })

  it('lets only the owner change or delete a shared view, and says whose it is', async () => {
    const { app, ana, ben } = await twoPeople()
    const view = (await (
      await app.request(VIEWS, { cookie: ana, json: { ...failedToday, shared: true } })
    ).json()) as SavedView

    const change = await app.request(`${VIEWS}/${view.id}`, { cookie: ben, method: 'PUT', json: failedToday })
    expect((await expectProblem(change, 403)).detail).toContain('ana@example.com')
    await expectProblem(await app.request(`${VIEWS}/${view.id}`, { cookie: ben, method: 'DELETE' }), 403)

    expect((await app.request(`${VIEWS}/${view.id}`, { cookie: ana, method: 'DELETE' })).status).toBe(204)
    expect(await listOf(app, ben)).toEqual([])
    await expectProblem(await app.request(`${VIEWS}/${view.id}`, { cookie: ana, method: 'DELETE' }), 404)
  })

  it('hides a private view from others as if it did not exist', async () => {
    const { app, ana, ben } = await twoPeople()
    const view = (await (await app.request(VIEWS, { cookie: ana, json: failedToday })).json()) as SavedView
    await expectProblem(await app.request(`${VIEWS}/${view.id}`, { cookie: ben, method: 'DELETE' }), 404)
    await expectProblem(await app.request(`${VIEWS}/not-an-id`, { cookie: ben, method: 'DELETE' }), 404)
  })

  it('answers a bad view with its fields, and a signed-out request with 401', async () => {
    const { app, ana } = await twoPeople()
    const bad = await app.request(VIEWS, { cookie: ana, json: { name: '  ', search: 'x'.repeat(3000), shared: 'yes' } })
    const problem = (await expectProblem(bad, 400)) as unknown as { errors: { field: string; message: string }[] }
    expect(problem.errors.map((error) => error.field).sort()).toEqual(['name', 'pinned', 'search', 'shared'])
    expect(problem.errors.find((error) => error.field === 'name')?.message).toBe('Name the view.')
    await expectProblem(await app.request(VIEWS), 401)
  })

  it('refuses a cross-site request to save a view', async () => {
    const { app, ana } = await twoPeople()
    const res = await app.request(VIEWS, {
      cookie: ana,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      json: failedToday,
    })
    await expectProblem(res, 403)
    expect(await listOf(app, ana)).toEqual([])
  })
})
