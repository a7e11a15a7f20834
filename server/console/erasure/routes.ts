// /api/console/erasures and /api/console/subject-access (admins, `erasures:manage`): erase a number from the console's
// store, list past erasures, export what is held about a number. The number is read as the do-not-call list reads it,
// and never written to the audit trail or the erasures table: an entry names the erasure's id and its counts.
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { every } from 'hono/combine'
import * as z from 'zod/mini'
import {
  DEFAULT_ERASURES_PAGE,
  ERASURES_PATH,
  type Erasure,
  erasureInput,
  MAX_ERASURES_PAGE,
  SUBJECT_ACCESS_PATH,
} from '../../../src/api/contract/erasure-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { heavyTurns } from '../http/heavy-turns'
import { jsonBody } from '../http/json-body'
import { sendProblem } from '../http/problem'
import { queryString } from '../http/query-string'
import { listedNumberOf } from '../phone/written-number'
import type { ConsoleStore } from '../store'
import type { ErasureRow } from '../store/erasure'
import { numberMentions } from './number-mentions'
import { subjectAccessExport } from './subject-access'

// The key of the numbers' hashes: made on first use, kept in the store, never answered.
const NUMBER_KEY = 'erasure-number-key'

const KEPT = [
  {
    what: 'The do-not-call list’s entry for the number, if it has one',
    why: 'Keeping the number is how the console goes on refusing to call it: the person’s objection to being called is the legal basis (GDPR art. 17(3)(b) and 21; the TCPA’s do-not-call rules).',
  },
]

const pageQuery = z.object({
  cursor: z.optional(z.string().check(z.regex(/^\d+\.[\w-]+$/, { error: 'Use the next_cursor of a page.' }))),
  limit: z.optional(
    z.coerce
      .number()
      .check(
        z.int({ error: 'Give the page size as a whole number.' }),
        z.minimum(1, { error: 'Ask for at least one erasure.' }),
        z.maximum(MAX_ERASURES_PAGE, { error: `Ask for at most ${MAX_ERASURES_PAGE} erasures a page.` }),
      ),
  ),
})

const accessQuery = z.object({
  phone_number: z.string().check(z.minLength(1, { error: 'Give the number whose data to export.' })),
  region: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/, { error: 'Choose a country (two letters, e.g. US).' }))),
})

const erasureOf = (row: ErasureRow, auditTrail: Erasure['audit_trail']): Erasure => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  by: row.byEmail,
  reason: row.reason,
  erased: row.counts,
  audit_trail: auditTrail,
})

export function erasureRoutes(options: {
  store: ConsoleStore
  audit: AuditLog
  signedIn: MiddlewareHandler<SessionEnv>
  now: () => number
}) {
  const manage = every(options.signedIn, requirePermission('erasures:manage'))
  // An erasure or an export reads every table that may name the number, and an erasure holds the store's writes
  // while it rewrites them: one at a time an instance, so a burst of requests queues nobody else's work behind it.
  const oneAtATime = heavyTurns(options.store, options.now, {
    kind: 'erasure-work',
    atOnce: 1,
    busy: {
      title: 'Another erasure or export is under way',
      detail: 'The console erases or exports one number at a time. Try again in a few seconds.',
    },
    yours: {
      title: 'Your other erasure or export is under way',
      detail: 'Wait for your other erasure or export to finish, then send this again.',
    },
  })
  const numberHash = async (e164: string) => {
    const key = await options.store.secrets.getOrCreate(NUMBER_KEY, () => randomBytes(32).toString('base64url'))
    return createHmac('sha256', key).update(e164).digest('hex')
  }
  const invalidNumber = (c: Context, message: string) =>
    sendProblem(c, 400, 'Not a number the console can look for', message, {
      errors: [{ field: 'phone_number', message }],
    })

  return new Hono<SessionEnv>()
    .post(ERASURES_PATH, manage, oneAtATime, jsonBody(erasureInput, 'Check the number and the reason.'), async (c) => {
      const input = c.req.valid('json')
      const number = listedNumberOf(input.phone_number, input.region)
      if ('error' in number) return invalidNumber(c, number.error)
      const session = c.get('session')
      const mentions = numberMentions(number.e164)
      const hash = await numberHash(number.e164)
      const erasedBefore = await options.store.erasures.countOf(hash)
      const id = randomUUID()
      const at = options.now()
      const counts = await options.store.erasures.erase(mentions, {
        id,
        at,
        byUserId: session.userId,
        byEmail: session.email,
        reason: input.reason,
        numberHash: hash,
        // Digit-free apart from a short hex, so it never reads as the number or any other.
        pseudonym: `erased-${id.slice(0, 8)}`,
      })
      // The trail's own values of the number, kept beside its hash chain: erased without changing a hash.
      const auditTrail = await options.store.auditPersonal.eraseSubject(number.e164)
      const reason = mentions.redact(input.reason)
      await options.audit.record({
        actor: actorOf(session),
        ...requestFacts(c),
        action: 'erasure.done',
        target: id,
        outcome: 200,
        detail: { erasureId: id, reason, erased: { ...counts }, auditTrail, erasedBefore },
      })
      const row: ErasureRow = { id, at, byEmail: session.email, reason, counts }
      return c.json({ erasure: erasureOf(row, auditTrail), kept: KEPT, erased_before: erasedBefore })
    })
    .get(ERASURES_PATH, manage, queryString(pageQuery, 'Check the page asked for.'), async (c) => {
      const { cursor, limit = DEFAULT_ERASURES_PAGE } = c.req.valid('query')
      const [at, ...rest] = cursor?.split('.') ?? []
      const before = cursor ? { at: Number(at), id: rest.join('.') } : undefined
      const rows = await options.store.erasures.page(limit + 1, before)
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      return c.json({
        // The audit trail's counts are its own entry's; the list says what the console store erased.
        erasures: page.map((row) => erasureOf(row, null)),
        next_cursor: rows.length > limit && last ? `${last.at}.${last.id}` : null,
      })
    })
    .get(
      SUBJECT_ACCESS_PATH,
      manage,
      oneAtATime,
      queryString(accessQuery, 'Give the number whose data to export.'),
      async (c) => {
        const asked = c.req.valid('query')
        const number = listedNumberOf(asked.phone_number, asked.region)
        if ('error' in number) return invalidNumber(c, number.error)
        const at = options.now()
        const records = await options.store.subjectRecords.of(numberMentions(number.e164))
        const auditValues = await options.store.auditPersonal.valuesOfSubject(number.e164)
        const document = subjectAccessExport(number.e164, at, records, auditValues)
        await options.audit.record({
          actor: actorOf(c.get('session')),
          ...requestFacts(c),
          action: 'subject-access.exported',
          target: null,
          outcome: 200,
          detail: { counts: document.counts },
        })
        const day = new Date(at).toISOString().slice(0, 10)
        c.header('Content-Disposition', `attachment; filename="subject-access-${day}.json"`)
        c.header('Cache-Control', 'no-store')
        return c.json(document)
      },
    )
}
