// /api/console/callbacks: ask for a callback from a call, list one's own and everyone's (due now), managers'
// overdue list, and mark done, reschedule or cancel. Who may touch a callback is data: its owner, anyone who works
// callbacks when it is everyone's, and those who oversee them (managers, admins).
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import * as z from 'zod/mini'
import {
  CALLBACK_PATHS,
  type CallbackInput,
  callbackInput,
  LONGEST_WAIT_DAYS,
  NOTICE_HOLD_MS,
  noticeQuery,
  OVERDUE_AFTER_MS,
  rescheduleInput,
} from '../../../src/api/contract/callback-schemas'
import type { Permission } from '../../../src/api/contract/console-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { forbidden, type SessionEnv } from '../auth/require-session'
import { jsonBody } from '../http/json-body'
import { sendProblem } from '../http/problem'
import { queryString } from '../http/query-string'
import { can } from '../roles'
import type { ConsoleStore } from '../store'
import { type CallbackRow, OPEN_CALLBACKS } from '../store/callbacks'
import { callbackOf } from './callback-json'

const CALLBACK_ID = /^cb_[A-Za-z0-9_-]{1,40}$/
/** A page of callbacks: more than anyone works through in a day. */
const MOST_LISTED = 200
const LONGEST_WAIT_MS = LONGEST_WAIT_DAYS * 24 * 60 * 60_000

const listQuery = z.object({
  due: z.optional(z.literal('now', { error: 'Use due=now, or leave it out for every open callback.' })),
  call_id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
})
const numberQuery = z.object({
  number: z
    .string()
    .check(z.regex(/^\+[0-9]{6,15}$/, { error: 'Give the number in international format, +14155550100.' })),
})

export type CallbackAction = 'callback.created' | 'callback.rescheduled' | 'callback.done' | 'callback.cancelled'

export interface CallbackRoutesOptions {
  store: ConsoleStore
  audit: AuditLog
  signedIn: MiddlewareHandler<SessionEnv>
  /** The callee's zones from their number (phone/callee-time-zones.ts). */
  timeZonesOf: (number: string) => Promise<string[]>
  now: () => number
}

/** Any one of these permissions: asking for a callback is for those who work callbacks and those who oversee them. */
const requireAny =
  (...permissions: Permission[]): MiddlewareHandler<SessionEnv> =>
  async (c, next) => {
    const role = c.get('session').role
    if (!permissions.some((permission) => can(role, permission))) return forbidden(c)
    await next()
  }

/** Whether this person may mark done, move or cancel the callback. */
export function mayWork(
  session: { userId: string; role: SessionEnv['Variables']['session']['role'] },
  row: CallbackRow,
) {
  if (can(session.role, 'callbacks:oversee')) return true
  if (!can(session.role, 'callbacks:work')) return false
  return row.owner === null || row.owner.userId === session.userId
}

export function recordCallback(
  audit: AuditLog,
  c: Context<SessionEnv>,
  action: CallbackAction,
  row: CallbackRow,
  status: number,
  detail: Record<string, unknown> = {},
) {
  return audit.record({
    actor: actorOf(c.get('session')),
    action,
    target: row.callId,
    outcome: status,
    ...requestFacts(c),
    detail: {
      callback: row.id,
      dueAt: new Date(row.dueAt).toISOString(),
      owner: row.owner?.email ?? 'everyone',
      ...detail,
    },
  })
}

export function callbackRoutes(options: CallbackRoutesOptions) {
  const { store, audit, now } = options
  const works = [options.signedIn, requireAny('callbacks:work')] as const
  const worksOrOversees = [options.signedIn, requireAny('callbacks:work', 'callbacks:oversee')] as const
  const oversees = [options.signedIn, requireAny('callbacks:oversee')] as const

  /** A time that is ahead, and not absurdly far: the field's 400 otherwise. */
  function dueProblem(c: Context, dueAt: number): Response | null {
    const at = now()
    const message =
      dueAt <= at
        ? 'Choose a time that is still ahead.'
        : dueAt > at + LONGEST_WAIT_MS
          ? `Choose a time within ${LONGEST_WAIT_DAYS} days.`
          : null
    return message
      ? sendProblem(c, 400, 'Your request has invalid fields', message, { errors: [{ field: 'due_at', message }] })
      : null
  }

  /** The callback in the path when this person may work it; otherwise the answer to send instead. */
  async function workable(c: Context<SessionEnv>): Promise<CallbackRow | Response> {
    const id = c.req.param('id') ?? ''
    const row = CALLBACK_ID.test(id) ? await store.callbacks.find(id) : null
    const session = c.get('session')
    const seen =
      row && (row.owner === null || row.owner.userId === session.userId || can(session.role, 'callbacks:oversee'))
    if (!row || !seen)
      return sendProblem(c, 404, 'No such callback', 'That callback does not exist, or it is not yours.')
    if (!mayWork(session, row)) return forbidden(c)
    if (row.done || row.cancelledAt !== null)
      return sendProblem(
        c,
        409,
        row.done ? 'Callback already done' : 'Callback cancelled',
        row.done
          ? `${row.done.email} did this callback already.`
          : 'This callback was cancelled; ask for a new one from the call if it is still needed.',
      )
    return row
  }

  /** A cap of open callbacks reached (store/callbacks.ts): not a rate, so no Retry-After; what to do instead. */
  const tooMany = (c: Context, cap: 'call' | 'person' | 'everyone') =>
    sendProblem(
      c,
      409,
      'Too many open callbacks',
      cap === 'call'
        ? `This call has ${OPEN_CALLBACKS.perCall} open callbacks already: move or cancel one of them instead.`
        : cap === 'person'
          ? `You have asked for ${OPEN_CALLBACKS.perPerson} callbacks that are still open: do or cancel some first.`
          : `The team has ${OPEN_CALLBACKS.inAll} open callbacks: do or cancel some before asking for more.`,
    )

  const createBody = jsonBody(callbackInput, 'Check the call, the time and whose callback it is.')
  const rescheduleBody = jsonBody(rescheduleInput, 'Check the new time.')

  return new Hono<SessionEnv>()
    .get(CALLBACK_PATHS.list, ...worksOrOversees, queryString(listQuery, 'Check the list’s filters.'), async (c) => {
      const { call_id: callId, due } = c.req.valid('query')
      // A call's own callbacks (the call page's panel): everyone's and one's own; all of them for those who oversee.
      if (callId !== undefined) {
        const session = c.get('session')
        const seen = (await store.callbacks.ofCall(callId)).filter(
          (row) => row.owner === null || row.owner.userId === session.userId || can(session.role, 'callbacks:oversee'),
        )
        return c.json({ callbacks: seen.map(callbackOf) })
      }
      if (!can(c.get('session').role, 'callbacks:work')) return forbidden(c)
      const rows = await store.callbacks.open(
        { visibleTo: c.get('session').userId },
        due === 'now' ? now() : null,
        MOST_LISTED,
      )
      return c.json({ callbacks: rows.map(callbackOf) })
    })
    .get(CALLBACK_PATHS.overdue, ...oversees, async (c) => {
      const rows = await store.callbacks.open({ everyone: true }, now() - OVERDUE_AFTER_MS, MOST_LISTED)
      return c.json({ callbacks: rows.map(callbackOf) })
    })
    .get(
      CALLBACK_PATHS.timeZones,
      ...worksOrOversees,
      queryString(numberQuery, 'Give the number in international format.'),
      async (c) => {
        const { number } = c.req.valid('query')
        return c.json({ number, time_zones: await options.timeZonesOf(number) })
      },
    )
    .post(CALLBACK_PATHS.list, ...worksOrOversees, createBody, async (c) => {
      const input: CallbackInput = c.req.valid('json')
      const dueAt = Date.parse(input.due_at)
      const late = dueProblem(c, dueAt)
      if (late) return late
      const call = await store.callbacks.callFacts(input.call_id)
      if (!call)
        return sendProblem(
          c,
          404,
          'No such call',
          'The console does not know this call yet. If it was just placed elsewhere, try again in a minute.',
        )
      const session = c.get('session')
      const oversees = can(session.role, 'callbacks:oversee')
      if (call.placerId !== session.userId && !oversees)
        return sendProblem(
          c,
          403,
          'Not your call',
          'Only the person who placed this call, or a manager or admin, can ask for its callback.',
        )
      if (input.owner === 'placer' && call.placerId === null) {
        const message = 'Nobody placed this call through the console: make the callback everyone’s.'
        return sendProblem(c, 400, 'Your request has invalid fields', message, {
          errors: [{ field: 'owner', message }],
        })
      }
      const made = await store.callbacks.create(
        {
          callId: input.call_id,
          number: call.number,
          callerId: call.callerId,
          metadata: call.metadata,
          timeZones: await options.timeZonesOf(call.number),
          dueAt,
          ownerId: input.owner === 'placer' ? call.placerId : null,
          createdBy: session.userId,
        },
        now(),
      )
      if ('refused' in made) return tooMany(c, made.refused)
      const row = await store.callbacks.find(made.id)
      if (!row) return sendProblem(c, 404, 'No such callback', 'The callback was removed meanwhile.')
      await recordCallback(audit, c, 'callback.created', row, 201)
      return c.json(callbackOf(row), 201)
    })
    .post(CALLBACK_PATHS.reschedule, ...worksOrOversees, rescheduleBody, async (c) => {
      const row = await workable(c)
      if (row instanceof Response) return row
      const dueAt = Date.parse(c.req.valid('json').due_at)
      const late = dueProblem(c, dueAt)
      if (late) return late
      if (!(await store.callbacks.reschedule(row.id, dueAt))) return workable(c) as Promise<Response>
      const moved = (await store.callbacks.find(row.id)) ?? row
      await recordCallback(audit, c, 'callback.rescheduled', moved, 200, { before: new Date(row.dueAt).toISOString() })
      return c.json(callbackOf(moved))
    })
    .post(CALLBACK_PATHS.done, ...worksOrOversees, async (c) => {
      const row = await workable(c)
      if (row instanceof Response) return row
      if (!(await store.callbacks.markDone(row.id, c.get('session').userId, null, now())))
        return workable(c) as Promise<Response>
      const done = (await store.callbacks.find(row.id)) ?? row
      await recordCallback(audit, c, 'callback.done', done, 200, { via: 'by-hand' })
      return c.json(callbackOf(done))
    })
    .post(CALLBACK_PATHS.cancel, ...worksOrOversees, async (c) => {
      const row = await workable(c)
      if (row instanceof Response) return row
      if (!(await store.callbacks.cancel(row.id, c.get('session').userId, now())))
        return workable(c) as Promise<Response>
      const cancelled = (await store.callbacks.find(row.id)) ?? row
      await recordCallback(audit, c, 'callback.cancelled', cancelled, 200)
      return c.json(callbackOf(cancelled))
    })
    .post(
      CALLBACK_PATHS.notice,
      ...works,
      queryString(noticeQuery, 'Check the tab’s id; say hold=true or shown=true, or leave them out.'),
      async (c) => {
        const id = c.req.param('id')
        const { tab = null, hold, shown } = c.req.valid('query')
        const row = CALLBACK_ID.test(id) ? await store.callbacks.find(id) : null
        const userId = c.get('session').userId
        if (!row || (row.owner !== null && row.owner.userId !== userId))
          return sendProblem(c, 404, 'No such callback', 'That callback does not exist, or it is not yours.')
        if (shown) {
          if (tab === null) return sendProblem(c, 400, 'Which tab?', 'Name the tab that showed the notice (tab=…).')
          return c.json({ first: await store.callbacks.noteShown(row.id, userId, tab, now()) })
        }
        const due = row.dueAt <= now() && row.done === null && row.cancelledAt === null
        if (!due) return c.json({ first: false })
        const holdMs = hold ? NOTICE_HOLD_MS : null
        const { first, heldUntil } = await store.callbacks.noteNotice(row.id, userId, tab, now(), holdMs)
        return c.json({ first, held_until: heldUntil === null ? null : new Date(heldUntil).toISOString() })
      },
    )
}
