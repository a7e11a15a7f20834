// /api/console/views: saved views of the calls page. Everyone who reads calls keeps their own and
// sees the shared ones; only a view's owner changes or deletes it. A save with an Idempotency-Key saves once.
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { type SavedView, savedViewInput } from '../../../src/api/contract/saved-view-schemas'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { jsonBody } from '../http/json-body'
import { sendProblem } from '../http/problem'
import type { ConsoleStore } from '../store'
import { MAX_VIEWS_PER_PERSON, type SavedViewRow } from '../store/saved-views'

const VIEW_ID = /^view_[A-Za-z0-9_-]{1,40}$/
/** An Idempotency-Key the console keeps: printable ASCII, as a header carries it, and bounded. */
const REQUEST_KEY = /^[\x20-\x7e]{1,255}$/

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

  const viewBody = jsonBody(savedViewInput, 'Check the view’s name and settings.')

  return new Hono<SessionEnv>()
    .use(signedIn, requirePermission('calls:read'))
    .get('/', async (c) => {
      const userId = c.get('session').userId
      return c.json({ views: (await views.visibleTo(userId)).map((row) => toView(row, userId)) })
    })
    .post('/', viewBody, async (c) => {
      const userId = c.get('session').userId
      const requestKey = c.req.header('idempotency-key') ?? null
      if (requestKey !== null && !REQUEST_KEY.test(requestKey))
        return sendProblem(
          c,
          400,
          'Unreadable Idempotency-Key',
          'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
        )
      // The same save sent again (a retry, a request the browser resent) answers the view it saved, as it is now.
      const saved = await views.create(userId, c.req.valid('json'), now(), requestKey)
      if (!saved)
        return sendProblem(
          c,
          409,
          'Too many saved views',
          `You can keep ${MAX_VIEWS_PER_PERSON} saved views. Delete one you no longer use first.`,
        )
      const row = await views.find(saved.id)
      return c.json(row && toView(row, userId), saved.created ? 201 : 200)
    })
    .put('/:id', viewBody, async (c) => {
      const own = await ownView(c)
      if (own instanceof Response) return own
      await views.update(own.id, c.req.valid('json'), now())
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
