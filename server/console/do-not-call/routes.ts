// /api/console/do-not-call: whether a number is listed (everyone who may see calls, so New call can say so before the
// press), a page of the list with a digits filter, and the admins' changes: list one number, take one off with a
// reason. Every change is audited with its reason; the number is the entry's target.
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { every } from 'hono/combine'
import * as z from 'zod/mini'
import {
  DEFAULT_PAGE_SIZE,
  type DoNotCallEntry,
  doNotCallInput,
  doNotCallRemoval,
  MAX_PAGE_SIZE,
  MAX_REASON_LENGTH,
} from '../../../src/api/contract/do-not-call-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { importTurns } from '../http/heavy-turns'
import { jsonBody } from '../http/json-body'
import { sendProblem } from '../http/problem'
import { queryString } from '../http/query-string'
import { listedNumberOf } from '../phone/written-number'
import type { ConsoleStore } from '../store'
import type { DoNotCallRow } from '../store/do-not-call'
import { importNumbers, UnreadableNumbers } from './import'

// A million numbers with a short reason each, as CSV, with room to spare.
const MAX_IMPORT_BYTES = 128 * 1024 * 1024

const importQuery = z.object({
  reason: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: 'Say why, or give the file a reason column.' }),
        z.maxLength(MAX_REASON_LENGTH, { error: `Keep the reason under ${MAX_REASON_LENGTH} characters.` }),
      ),
  ),
  region: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/, { error: 'Choose a country (two letters, e.g. US).' }))),
})

const listQuery = z.object({
  phone_number: z.optional(z.string().check(z.maxLength(64, { error: 'That is too long for a phone number.' }))),
  q: z.optional(z.string().check(z.maxLength(64, { error: 'Search by at most 64 characters.' }))),
  cursor: z.optional(z.string().check(z.regex(/^\+[1-9]\d{1,15}$/, { error: 'Use the next_cursor of a page.' }))),
  limit: z.optional(
    z.coerce
      .number()
      .check(
        z.int({ error: 'Give the page size as a whole number.' }),
        z.minimum(1, { error: 'Ask for at least one entry.' }),
        z.maximum(MAX_PAGE_SIZE, { error: `Ask for at most ${MAX_PAGE_SIZE} entries a page.` }),
      ),
  ),
})

const entryOf = (row: DoNotCallRow): DoNotCallEntry => ({
  phone_number: row.phoneNumber,
  reason: row.reason,
  source: row.source,
  added_by: row.addedByEmail,
  added_at: new Date(row.addedAt).toISOString(),
})

export function doNotCallRoutes(options: {
  store: ConsoleStore
  audit: AuditLog
  signedIn: MiddlewareHandler<SessionEnv>
  now: () => number
}) {
  const list = options.store.doNotCall
  const manage = every(options.signedIn, requirePermission('do-not-call:manage'))
  const oneImportAtATime = importTurns(options.store, options.now, {
    kind: 'do-not-call-import',
    file: 'do-not-call file',
  })
  const invalidNumber = (c: Context, message: string) =>
    sendProblem(c, 400, 'Not a number the console can list', message, {
      errors: [{ field: 'phone_number', message }],
    })

  return new Hono<SessionEnv>()
    .get(
      '/',
      options.signedIn,
      requirePermission('do-not-call:read'),
      queryString(listQuery, 'Check the list’s filters.'),
      async (c) => {
        const { phone_number: asked, q, cursor, limit = DEFAULT_PAGE_SIZE } = c.req.valid('query')
        if (asked !== undefined) {
          const number = listedNumberOf(asked)
          if ('error' in number) return invalidNumber(c, number.error)
          const row = await list.find(number.e164)
          return c.json({ phone_number: number.e164, entry: row ? entryOf(row) : null })
        }
        // One more than asked says whether a next page exists.
        const rows = await list.page({ digits: q?.replace(/\D/g, ''), after: cursor, limit: limit + 1 })
        const page = rows.slice(0, limit)
        return c.json({
          entries: page.map(entryOf),
          next_cursor: rows.length > limit ? (page.at(-1)?.phoneNumber ?? null) : null,
        })
      },
    )
    .post('/', manage, jsonBody(doNotCallInput, 'Check the number and the reason.'), async (c) => {
      const input = c.req.valid('json')
      const number = listedNumberOf(input.phone_number, input.region)
      if ('error' in number) return invalidNumber(c, number.error)
      const session = c.get('session')
      const { entry, added } = await list.add({
        phoneNumber: number.e164,
        reason: input.reason,
        source: 'manual',
        addedById: session.userId,
        addedByEmail: session.email,
        addedAt: options.now(),
      })
      // Listed already: the first listing stands, and nothing changed to audit.
      if (!added) return c.json({ entry: entryOf(entry), added: false }, 200)
      await options.audit.record({
        actor: actorOf(session),
        ...requestFacts(c),
        action: 'do-not-call.added',
        target: number.e164,
        outcome: 201,
        detail: { reason: input.reason },
      })
      return c.json({ entry: entryOf(entry), added: true }, 201)
    })
    .post(
      '/import',
      manage,
      oneImportAtATime,
      bodyLimit({
        maxSize: MAX_IMPORT_BYTES,
        onError: (c) =>
          sendProblem(c, 413, 'The file is too large', 'An import takes 128 MiB at most: split the file in two.'),
      }),
      queryString(importQuery, 'Check the import’s reason and country.'),
      async (c) => {
        const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
        if (mediaType !== 'text/csv' || !c.req.raw.body)
          return sendProblem(
            c,
            415,
            'Send the numbers as CSV',
            'Send the file as the body, with Content-Type: text/csv.',
          )
        const session = c.get('session')
        const asked = c.req.valid('query')
        try {
          const report = await importNumbers(options.store, c.req.raw.body, {
            ...asked,
            addedById: session.userId,
            addedByEmail: session.email,
            at: options.now(),
          })
          await options.audit.record({
            actor: actorOf(session),
            ...requestFacts(c),
            action: 'do-not-call.imported',
            target: null,
            outcome: 200,
            detail: {
              reason: asked.reason ?? null,
              lines: report.lines,
              added: report.added,
              alreadyListed: report.already_listed,
              invalid: report.invalid,
              notRead: report.not_read,
            },
          })
          return c.json(report)
        } catch (error) {
          if (error instanceof UnreadableNumbers)
            return sendProblem(c, 400, 'The file cannot be imported', error.message)
          throw error
        }
      },
    )
    .delete(
      '/:phone_number',
      manage,
      jsonBody(doNotCallRemoval, 'Say why the number may be called again.'),
      async (c) => {
        const number = listedNumberOf(c.req.param('phone_number'))
        if ('error' in number) return invalidNumber(c, number.error)
        const removed = await list.remove(number.e164)
        if (!removed)
          return sendProblem(
            c,
            404,
            'Not on the list',
            `${number.e164} is not on the do-not-call list. Reload the list.`,
          )
        const { reason } = c.req.valid('json')
        await options.audit.record({
          actor: actorOf(c.get('session')),
          ...requestFacts(c),
          action: 'do-not-call.removed',
          target: number.e164,
          outcome: 200,
          // What the entry said, so the trail keeps why it was listed once the row is gone.
          detail: {
            reason,
            listedReason: removed.reason,
            listedBy: removed.addedByEmail,
            listedAt: new Date(removed.addedAt).toISOString(),
          },
        })
        return c.json({ entry: entryOf(removed) })
      },
    )
}
