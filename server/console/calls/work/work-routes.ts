// /api/console/calls/{call_id}/work, /outcome, /note: what follows a call (issue 51). Everyone who reads calls reads
// them; who may change them is work-rules.ts. Each save is audited, then told to the listeners app.ts composed.
import { createHash } from 'node:crypto'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import {
  type CallWork,
  callNoteInput,
  callOutcomeInput,
  DO_NOT_CALL_OUTCOME,
} from '../../../../src/api/contract/call-work-schemas'
import type { AuditLog } from '../../audit/audit-log'
import { actorOf, requestFacts } from '../../audit/request-facts'
import { requirePermission, type SessionEnv } from '../../auth/require-session'
import { jsonBody } from '../../http/json-body'
import { sendProblem } from '../../http/problem'
import type { ConsoleStore } from '../../store'
import { doNotCallStanding, listCalledNumber } from './do-not-call-outcome'
import { editableUntil, noteRefusal, outcomeRefusal } from './work-rules'
import type { WorkSavedEvent } from './work-saved'

const CALL_ID = /^[A-Za-z0-9_-]{1,100}$/
const iso = (ms: number) => new Date(ms).toISOString()

export interface WorkRoutesOptions {
  store: ConsoleStore
  audit: AuditLog
  signedIn: MiddlewareHandler<SessionEnv>
  /** The 24-hour rule's clock and the saves' time: the store's own, so every instance agrees; a test gives its own. */
  clock: () => Promise<number>
  onWorkSaved: (event: WorkSavedEvent) => Promise<void>
}

export function workRoutes(options: WorkRoutesOptions) {
  const { store, audit } = options
  const work = store.callWork

  /** The call named in the path, or the answer to send instead. */
  async function callOf(c: Context<SessionEnv>) {
    const callId = c.req.param('callId') ?? ''
    if (!CALL_ID.test(callId))
      return sendProblem(c, 404, 'No such call', 'A call id is made of letters, digits, "_" and "-".')
    return { callId, ...(await work.callOf(callId)) }
  }
  // Two people writing one note: the later save is refused rather than replacing words its writer never saw.
  const noteMovedOn = (c: Context, version: number) =>
    sendProblem(
      c,
      409,
      'The note changed meanwhile',
      version === 0
        ? 'The note you wrote over was removed meanwhile. Nothing was saved; your text is still yours to save again.'
        : `Someone saved the note meanwhile (its version ${version}). Nothing was saved: read theirs, then save yours over it.`,
      { version },
    )
  const unknownCall = (c: Context) =>
    sendProblem(c, 404, 'No such call', 'The console knows no call with that id: it did not place it, nor list it yet.')

  const readWork = async (c: Context<SessionEnv>, callId: string, placerId: string | null): Promise<CallWork> => {
    const [outcome, note, now] = await Promise.all([work.outcomeOf(callId), work.noteOf(callId), options.clock()])
    const asker = c.get('session')
    const doNotCall = outcome?.kindId === DO_NOT_CALL_OUTCOME ? await doNotCallStanding(store, callId) : undefined
    return {
      outcome: outcome && {
        id: outcome.kindId,
        label: outcome.label,
        recorded_by: outcome.recordedByEmail,
        recorded_at: iso(outcome.recordedAt),
      },
      note: note && {
        text: note.text,
        author: note.authorEmail,
        updated_at: iso(note.updatedAt),
        version: note.version,
        editable_until: iso(editableUntil(note.createdAt)),
      },
      ...(doNotCall && { do_not_call: doNotCall }),
      may_edit: {
        outcome: outcomeRefusal(asker, placerId) === null,
        note: noteRefusal(asker, placerId, note, now) === null,
      },
    }
  }

  // Mounted at the console's prefix: its guard is for its own paths, not every /api/console path after it.
  const guarded = [options.signedIn, requirePermission('calls:read')] as const
  return new Hono<SessionEnv>()
    .use('/calls/:callId/work', ...guarded)
    .use('/calls/:callId/outcome', ...guarded)
    .use('/calls/:callId/note', ...guarded)
    .get('/calls/:callId/work', async (c) => {
      const call = await callOf(c)
      if (call instanceof Response) return call
      return c.json(await readWork(c, call.callId, call.placerId))
    })
    .put('/calls/:callId/outcome', jsonBody(callOutcomeInput, 'Choose an outcome.'), async (c) => {
      const call = await callOf(c)
      if (call instanceof Response) return call
      if (!call.known) return unknownCall(c)
      const session = c.get('session')
      const refusal = outcomeRefusal(session, call.placerId)
      if (refusal) return sendProblem(c, 403, 'You cannot record this outcome', refusal)
      const { outcome, add_to_do_not_call: addToDoNotCall } = c.req.valid('json')
      if (addToDoNotCall && outcome !== DO_NOT_CALL_OUTCOME)
        return sendProblem(
          c,
          400,
          'Only “Do not call again” lists a number',
          'Choose the outcome “Do not call again” to put the number on the do-not-call list.',
          { errors: [{ field: 'add_to_do_not_call', message: 'Only with the outcome “Do not call again”.' }] },
        )
      const kind = await work.kind(outcome)
      if (!kind || kind.archived)
        return sendProblem(
          c,
          400,
          'No such outcome',
          kind ? `“${kind.label}” is no longer offered. Choose another outcome.` : 'Choose one of the listed outcomes.',
          { errors: [{ field: 'outcome', message: 'Choose one of the listed outcomes.' }] },
        )
      const at = await options.clock()
      const { previous } = await work.recordOutcome(call.callId, kind.id, session.userId, at)
      await audit.record({
        actor: actorOf(session),
        ...requestFacts(c),
        action: 'call.outcome-recorded',
        target: call.callId,
        outcome: 200,
        detail: { outcome: kind.id, previous },
      })
      if (addToDoNotCall) await listCalledNumber(c, { store, audit, callId: call.callId, at })
      await options.onWorkSaved({ callId: call.callId, kind: 'outcome', outcomeId: kind.id, by: session.userId, at })
      return c.json(await readWork(c, call.callId, call.placerId))
    })
    .put('/calls/:callId/note', jsonBody(callNoteInput, 'Check the note.'), async (c) => {
      const call = await callOf(c)
      if (call instanceof Response) return call
      if (!call.known) return unknownCall(c)
      const session = c.get('session')
      const at = await options.clock()
      const refusal = noteRefusal(session, call.placerId, await work.noteOf(call.callId), at)
      if (refusal) return sendProblem(c, 403, 'You cannot change this note', refusal)
      const { note, base_version: basedOn } = c.req.valid('json')
      const { saved, version } = await work.saveNote(call.callId, note, session.userId, at, basedOn)
      if (!saved) return noteMovedOn(c, version)
      // The trail names the version by its hash, not its text: a note may carry a callee's personal details, which
      // must stay erasable (call_note_versions), where a hash-chained entry can never change. The hash still
      // proves which text each version was.
      await audit.record({
        actor: actorOf(session),
        ...requestFacts(c),
        action: 'call.note-saved',
        target: call.callId,
        outcome: 200,
        detail: { version, length: note.length, sha256: createHash('sha256').update(note).digest('hex') },
      })
      const outcome = await work.outcomeOf(call.callId)
      await options.onWorkSaved({
        callId: call.callId,
        kind: 'note',
        outcomeId: outcome?.kindId ?? null,
        by: session.userId,
        at,
      })
      return c.json(await readWork(c, call.callId, call.placerId))
    })
}
