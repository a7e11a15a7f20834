// /api/console/call-lists: everyone reads the lists they see (call-lists:read); managers import and assign lists
// (call-lists:manage); the people who place calls (calls:create) work theirs, a claimed contact at a time (README.md).
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import {
  assignmentChange,
  type CallList,
  CLAIM_TTL_MS,
  type ClaimAnswer,
  createCallList,
  importSource,
  ON_DO_NOT_CALL_LIST,
  pausedChange,
  recordAttempt,
  releaseContact,
  type WorkContact,
} from '../../../src/api/contract/call-list-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { importTurns } from '../http/heavy-turns'
import { jsonBody } from '../http/json-body'
import { sendProblem } from '../http/problem'
import { can } from '../roles'
import type { ConsoleStore } from '../store'
import type { AttemptRow, ContactRow } from '../store/call-list-contacts'
import type { CallListRow } from '../store/call-lists'
import { previewOf, readImport, UnreadableImport } from './read-import'

/**
 * An import's body: 100,000 rows of a number and a few columns, JSON-escaped, with room to spare. Only the import's
 * two routes take this much; the console's other routes read bodies of a few KiB.
 */
const MAX_IMPORT_BYTES = 32 * 1024 * 1024

const LIST_ID = /^list_[A-Za-z0-9_-]{1,40}$/
const CONTACT_ID = /^[1-9]\d{0,15}$/

interface CallListRoutesOptions {
  store: ConsoleStore
  audit: AuditLog
  signedIn: MiddlewareHandler<SessionEnv>
  now: () => number
  /** Calling hours: when a contact's callee may be called if not now (null: now); none held when not given. */
  heldUntil?: (number: string, now: number) => Promise<number | null>
  /** The do-not-call list: whether a contact's number is on it (it is then passed over, done); none when not given. */
  listed?: (number: string) => Promise<boolean>
}

const toAttempt = (row: AttemptRow) => ({ ...row, at: new Date(row.at).toISOString() })

export function callListRoutes({ store, audit, signedIn, now, heldUntil, listed }: CallListRoutesOptions) {
  const neverCalled = listed && { test: listed, mark: ON_DO_NOT_CALL_LIST.id }
  const lists = store.callLists
  const contacts = store.callListContacts

  const toList = async (row: CallListRow): Promise<CallList> => ({
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    assignees: await lists.assignees(row.id),
    progress: await lists.progress(row.id, now()),
  })

  const toContact = async (row: ContactRow, userId: string): Promise<WorkContact> => ({
    id: String(row.id),
    line: row.line,
    number: row.number,
    metadata: row.metadata,
    tries: row.tries,
    attemptKey: `call-list-${row.id}-${row.tries}-${userId}`,
    placedCallId: row.claimCallId,
    attempts: (await contacts.attemptsOf(row.id)).map(toAttempt),
  })

  /** The list in the path, when this person may see it: managers all, others those they work. */
  async function pathList(c: Context<SessionEnv>): Promise<CallListRow | Response> {
    const id = c.req.param('id') ?? ''
    const row = LIST_ID.test(id) ? await lists.find(id) : null
    const { role, userId } = c.get('session')
    const sees =
      row !== null &&
      (can(role, 'call-lists:manage') || (!row.archived && (row.everyone || (await lists.isAssigned(row.id, userId)))))
    return sees ? row : sendProblem(c, 404, 'No such call list', 'That call list does not exist, or it is not yours.')
  }

  /** The list's contact in the path, when this person holds its claim. */
  async function heldContact(c: Context<SessionEnv>, list: CallListRow): Promise<ContactRow | Response> {
    const id = c.req.param('contactId') ?? ''
    const row = CONTACT_ID.test(id) ? await contacts.find(Number(id)) : null
    if (!row || row.listId !== list.id)
      return sendProblem(c, 404, 'No such contact', 'That contact is not on this list.')
    if (row.claimedBy !== c.get('session').userId)
      return sendProblem(
        c,
        409,
        'Not your contact any more',
        'This contact is no longer yours: its claim lapsed and someone else took it, or it was finished. Go to the next contact.',
      )
    return row
  }

  /** Why these people cannot work the list, or null: someone must, and each of them places calls. */
  async function assignmentFault(assignment: { everyone: boolean; assignees: string[] }): Promise<string | null> {
    if (assignment.everyone) return null
    if (assignment.assignees.length === 0) return 'Choose the people who work the list, or everyone.'
    const people = new Map((await store.users.list()).map((user) => [user.id, user]))
    for (const id of assignment.assignees) {
      const person = people.get(id)
      if (!person) return 'One of the people chosen is not a user of this console.'
      if (person.active !== 1) return `${person.email} is deactivated: they cannot work the list.`
      if (!can(person.role, 'calls:create')) return `${person.email} does not place calls: they cannot work the list.`
    }
    return null
  }

  const importLimit = bodyLimit({
    maxSize: MAX_IMPORT_BYTES,
    onError: (c) =>
      sendProblem(
        c,
        413,
        'The file is too large',
        'An import takes 32 MiB at most: split the file into several lists.',
      ),
  })

  const readOrRefuse = (c: Context, source: Parameters<typeof readImport>[0]) => {
    try {
      return readImport(source)
    } catch (error) {
      if (!(error instanceof UnreadableImport)) throw error
      return sendProblem(c, 400, 'The file cannot be imported', error.message, {
        errors: [{ field: `source.${error.field}`, message: error.message }],
      })
    }
  }

  const oneImportAtATime = importTurns(store, now, { kind: 'call-list-import', file: 'call list file' })
  const reads = requirePermission('call-lists:read')
  const manages = requirePermission('call-lists:manage')
  const placesCalls = requirePermission('calls:create')

  return new Hono<SessionEnv>()
    .use(signedIn)
    .get('/', reads, async (c) => {
      const { role, userId } = c.get('session')
      const rows = await lists.list(can(role, 'call-lists:manage') ? null : userId)
      return c.json({ lists: await Promise.all(rows.map(toList)) })
    })
    .get('/people', manages, async (c) => {
      const people = (await store.users.list())
        .filter((user) => user.active === 1 && can(user.role, 'calls:create'))
        .map((user) => ({ userId: user.id, email: user.email }))
      return c.json({ people })
    })
    .post(
      '/preview',
      manages,
      oneImportAtATime,
      importLimit,
      jsonBody(importSource, 'Check the file and the number column.'),
      async (c) => {
        const read = readOrRefuse(c, c.req.valid('json'))
        return read instanceof Response ? read : c.json(previewOf(read))
      },
    )
    .post(
      '/',
      manages,
      oneImportAtATime,
      importLimit,
      jsonBody(createCallList, 'Check the list’s settings and its file.'),
      async (c) => {
        const { settings, source } = c.req.valid('json')
        const fault = await assignmentFault(settings)
        if (fault)
          return sendProblem(c, 400, 'Choose who works the list', fault, {
            errors: [{ field: 'settings.assignees', message: fault }],
          })
        const read = readOrRefuse(c, source)
        if (read instanceof Response) return read
        if (read.contacts.length === 0)
          return sendProblem(c, 400, 'No contact to import', 'No line of the file holds a number that can be called.', {
            errors: [{ field: 'source.csv', message: 'No valid number.' }],
          })
        const session = c.get('session')
        const started = performance.now()
        const id = await lists.create(settings, read.contacts, session.userId, now())
        const row = await lists.find(id)
        if (!row) throw new Error('the list just saved is missing')
        await audit.record({
          actor: actorOf(session),
          action: 'call-list.imported',
          target: id,
          outcome: 201,
          ...requestFacts(c),
          detail: {
            name: row.name,
            contacts: read.contacts.length,
            skipped: read.problems.length,
            savedInMs: Math.round(performance.now() - started),
          },
        })
        return c.json({ list: await toList(row), skipped: read.problems.length }, 201)
      },
    )
    .get('/:id', reads, async (c) => {
      const list = await pathList(c)
      return list instanceof Response ? list : c.json(await toList(list))
    })
    .put('/:id/paused', manages, jsonBody(pausedChange, 'Say whether the list is paused.'), async (c) => {
      const list = await pathList(c)
      if (list instanceof Response) return list
      const { paused } = c.req.valid('json')
      await lists.setPaused(list.id, paused)
      await audit.record({
        actor: actorOf(c.get('session')),
        action: paused ? 'call-list.paused' : 'call-list.resumed',
        target: list.id,
        outcome: 200,
        ...requestFacts(c),
        detail: { name: list.name },
      })
      return c.json(await toList({ ...list, paused }))
    })
    .put('/:id/assignment', manages, jsonBody(assignmentChange, 'Choose who works the list.'), async (c) => {
      const list = await pathList(c)
      if (list instanceof Response) return list
      const assignment = c.req.valid('json')
      const fault = await assignmentFault(assignment)
      if (fault)
        return sendProblem(c, 400, 'Choose who works the list', fault, {
          errors: [{ field: 'assignees', message: fault }],
        })
      await lists.setAssignment(list.id, assignment)
      await audit.record({
        actor: actorOf(c.get('session')),
        action: 'call-list.assigned',
        target: list.id,
        outcome: 200,
        ...requestFacts(c),
        detail: { name: list.name, everyone: assignment.everyone, people: assignment.assignees.length },
      })
      return c.json(await toList({ ...list, everyone: assignment.everyone }))
    })
    .post('/:id/claim', placesCalls, async (c) => {
      const list = await pathList(c)
      if (list instanceof Response) return list
      const userId = c.get('session').userId
      const at = now()
      const answer = async (
        contact: ClaimAnswer['contact'],
        reason: ClaimAnswer['reason'],
        nextAt = null as number | null,
      ) =>
        c.json({
          list: await toList(list),
          contact,
          reason,
          nextAt: nextAt === null ? null : new Date(nextAt).toISOString(),
        } satisfies ClaimAnswer)
      if (list.archived) return answer(null, 'archived')
      // Paused: nobody gets a contact, and every claim stays as it was for the resume.
      if (list.paused) return answer(null, 'paused')
      const claimed = await contacts.claim(list.id, userId, at, CLAIM_TTL_MS, heldUntil, neverCalled)
      if (claimed) return answer(await toContact(claimed, userId), null)
      const nextAt = await contacts.nextDueAt(list.id, at)
      return nextAt === null ? answer(null, 'finished') : answer(null, 'later', nextAt)
    })
    .post(
      '/:id/contacts/:contactId/attempts',
      placesCalls,
      jsonBody(recordAttempt, 'Give the id of the call placed.'),
      async (c) => {
        const list = await pathList(c)
        if (list instanceof Response) return list
        const contact = await heldContact(c, list)
        if (contact instanceof Response) return contact
        const userId = c.get('session').userId
        await contacts.recordAttempt(contact.id, c.req.valid('json').callId, userId, now(), CLAIM_TTL_MS)
        const row = await contacts.find(contact.id)
        return c.json(row && (await toContact(row, userId)))
      },
    )
    .post(
      '/:id/contacts/:contactId/release',
      placesCalls,
      jsonBody(releaseContact, 'Say whether the contact is skipped.'),
      async (c) => {
        const list = await pathList(c)
        if (list instanceof Response) return list
        const contact = await heldContact(c, list)
        // Released already (its outcome ended the claim, or another tab moved on): nothing left to do.
        if (contact instanceof Response) return c.body(null, 204)
        await contacts.release(contact.id, c.get('session').userId, {
          skip: c.req.valid('json').skip,
          now: now(),
          comeBackMs: list.comeBackMinutes * 60_000,
          maxTries: list.maxTries,
        })
        return c.body(null, 204)
      },
    )
}
