// What the console's store holds about one number (issue 52, item 5: subject access): the rows an erasure of it would
// erase or pseudonymise, read as they are. Times stay epoch milliseconds; the export writes them as ISO 8601.
import type { ConsoleDb } from './database'
import type { NumberRedaction } from './erasure'
import { callIdsNaming } from './number-calls'

type Finder = Pick<NumberRedaction, 'e164' | 'digits' | 'national' | 'tail' | 'names'>

const parsed = (json: string | null): unknown => {
  if (json === null) return null
  try {
    return JSON.parse(json)
  } catch {
    return json
  }
}

export function createSubjectRecordQueries(db: ConsoleDb) {
  return {
    of: async (number: Finder) => {
      const forms = [number.digits, number.national]
      const calls = await db
        .selectFrom('indexed_calls as c')
        .leftJoin('call_owners as o', 'o.call_id', 'c.call_id')
        .leftJoin('users as u', 'u.id', 'o.user_id')
        .select([
          'c.call_id',
          'c.status',
          'c.caller_id',
          'c.destination',
          'c.created_at',
          'c.duration_seconds',
          'c.billed_minutes',
          'c.has_recording',
          'c.metadata',
          'u.email as placed_by',
        ])
        .where((eb) => eb.or([eb('c.destination_digits', 'in', forms), eb('c.caller_digits', 'in', forms)]))
        .orderBy('c.created_at')
        .execute()
      const contacts = await db
        .selectFrom('call_list_contacts as k')
        .innerJoin('call_lists as l', 'l.id', 'k.list_id')
        .select(['k.id', 'l.name as list', 'k.line', 'k.number', 'k.metadata', 'k.state', 'k.tries', 'k.last_outcome'])
        .where('k.number', '=', number.e164)
        .execute()
      const callbacks = await db
        .selectFrom('callbacks')
        .selectAll()
        .where((eb) => eb.or([eb('number', '=', number.e164), eb('caller_id', '=', number.e164)]))
        .execute()
      const callIds = await callIdsNaming(
        db,
        number.e164,
        calls.map((call) => call.call_id),
      )
      const none = callIds.length === 0
      const notes = none
        ? []
        : await db
            .selectFrom('call_note_versions')
            .select(['call_id', 'version', 'text', 'saved_at'])
            .where('call_id', 'in', callIds)
            .orderBy('call_id')
            .orderBy('version')
            .execute()
      const outcomes = none
        ? []
        : await db
            .selectFrom('call_outcomes as o')
            .innerJoin('outcome_kinds as k', 'k.id', 'o.kind_id')
            .select(['o.call_id', 'k.label as outcome', 'o.recorded_at', 'o.updated_at'])
            .where('o.call_id', 'in', callIds)
            .execute()
      // Issue 53: the scores of its calls, with their comments (the scorer's answers and the score as given).
      const scores = none
        ? []
        : await db
            .selectFrom('call_scores as c')
            .innerJoin('scorecard_versions as v', (join) =>
              join.onRef('v.scorecard_id', '=', 'c.scorecard_id').onRef('v.version', '=', 'c.version'),
            )
            .select([
              'c.call_id',
              'v.name as scorecard',
              'c.version',
              'c.score_tenths',
              'c.comment',
              'c.created_at',
              'c.updated_at',
            ])
            .where('c.call_id', 'in', callIds)
            .orderBy('c.call_id')
            .orderBy('c.created_at')
            .execute()
      // Other calls' notes and metadata that name the number.
      const like = `%${number.tail}%`
      const mentioningNotes = (
        await db
          .selectFrom('call_notes')
          .select(['call_id', 'text', 'updated_at'])
          .where('text', 'like', like)
          .execute()
      ).filter((note) => !callIds.includes(note.call_id) && number.names(note.text))
      const mentioningCalls = (
        await db.selectFrom('indexed_calls').select(['call_id', 'metadata']).where('metadata', 'like', like).execute()
      ).filter((call) => !callIds.includes(call.call_id) && call.metadata !== null && number.names(call.metadata))
      const doNotCall = await db
        .selectFrom('do_not_call')
        .select(['phone_number', 'reason', 'source', 'added_by_email', 'added_at'])
        .where('phone_number', '=', number.e164)
        .executeTakeFirst()
      const exceptions = await db
        .selectFrom('calling_hours_exceptions')
        .select(['phone_number', 'reason', 'allowed_at', 'expires_at', 'used_at'])
        .where('phone_number', '=', number.e164)
        .execute()
      return {
        calls: calls.map((call) => ({ ...call, metadata: parsed(call.metadata) })),
        notes,
        outcomes,
        scores: scores.map(({ score_tenths, ...score }) => ({ ...score, score: Number(score_tenths) / 10 })),
        contacts: contacts.map(({ id: _id, ...contact }) => ({ ...contact, metadata: parsed(contact.metadata) })),
        callbacks: callbacks.map((callback) => ({
          id: callback.id,
          call_id: callback.call_id,
          number: callback.number,
          caller_id: callback.caller_id,
          metadata: parsed(callback.metadata),
          time_zones: parsed(callback.time_zones),
          due_at: callback.due_at,
          created_at: callback.created_at,
          done_at: callback.done_at,
          cancelled_at: callback.cancelled_at,
        })),
        mentions: {
          notes: mentioningNotes,
          call_metadata: mentioningCalls.map((call) => ({ call_id: call.call_id, metadata: parsed(call.metadata) })),
        },
        do_not_call: doNotCall ?? null,
        calling_hours_exceptions: exceptions,
      }
    },
  }
}

export type SubjectRecords = Awaited<ReturnType<ReturnType<typeof createSubjectRecordQueries>['of']>>
