// /api/console/views: saved views of the calls page. Everyone who reads calls keeps their own and
// sees the shared ones; only a view's owner changes or deletes it.
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { type SavedView, savedViewInput } from '../../../src/api/contract/call-index-schemas'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { jsonBody, sendInvalidFields } from '../http/invalid-fields'
import { sendProblem } from '../http/problem'
import type { ConsoleStore } from '../store'
import { MAX_VIEWS_PER_PERSON, type SavedViewRow } from '../store/saved-views'

const VIEW_ID = /^view_[A-Za-z0-9_-]{1,40}$/

function toView(row: SavedViewRow, userId: string): SavedView {
  return {
    id: row.id,
    name: row.name,
    search: row.search,
    shared: row.shared,
    pinned: row.pinned,
    datePreset: row.datePreset,
    owner: { userId: row.ownerId, email: row.ownerEmail },
    mine: row.ownerId === userId,
    updatedAt: new Date(row.updatedAt).toISOString(),
  }
}

export function savedViewRoutes(store: ConsoleStore, signedIn: MiddlewareHandler<SessionEnv>, now: () => number) {
  const views = store.savedViews

  /** The view named in the path when the person owns it; otherwise the answer to send instead. */
  async function ownView(c: Context<SessionEnv>): Promise<SavedViewRow | Response> {
    const id = c.req.param('id') ?? ''
    const row = VIEW_ID.test(id) ? await views.find(id) : null
    const userId = c.get('session').userId
    if (!row || (!row.shared && row.ownerId !== userId))
      return sendProblem(c, 404, 'No such view', 'That saved view does not exist, or it was deleted.')
    if (row.ownerId !== userId)
      return sendProblem(c, 403, 'Not your view', `Only ${row.ownerEmail}, who saved it, can change or delete it.`)
    return row
  }

  const readInput = async (c: Context<SessionEnv>) => savedViewInput.safeParse(await jsonBody(c))

  return new Hono<SessionEnv>()
    .use(signedIn, requirePermission('calls:read'), async (c, next) => {
      c.set('route', c.req.routePath)
      await next()
      c.header('Cache-Control', 'private, no-cache')
    })
    .get('/', async (c) => {
      const userId = c.get('session').userId
      return c.json({ views: (await views.visibleTo(userId)).map((row) => toView(row, userId)) })
    })
    .post('/', async (c) => {
      const parsed = await readInput(c)
      if (!parsed.success) return sendInvalidFields(c, parsed.error, 'Check the view’s name and settings.')
      const userId = c.get('session').userId
      if ((await views.countOwnedBy(userId)) >= MAX_VIEWS_PER_PERSON)
        return sendProblem(
          c,
          409,
          'Too many saved views',
          `You can keep ${MAX_VIEWS_PER_PERSON} saved views. Delete one you no longer use first.`,
        )
      const id = await views.create(userId, parsed.data, now())
      const row = await views.find(id)
      return c.json(row && toView(row, userId), 201)
    })
    .put('/:id', async (c) => {
      const own = await ownView(c)
      if (own instanceof Response) return own
      const parsed = await readInput(c)
      if (!parsed.success) return sendInvalidFields(c, parsed.error, 'Check the view’s name and settings.')
      await views.update(own.id, parsed.data, now())
      const row = await views.find(own.id)
      return c.json(row && toView(row, c.get('session').userId))
    })
    .delete('/:id', async (c) => {
      const own = await ownView(c)
      if (own instanceof Response) return own
      await views.remove(own.id)
      return c.body(null, 204)
    })
}
