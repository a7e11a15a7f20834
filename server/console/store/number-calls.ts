// The calls that name a number (issue 52, item 5): the index's own rows, given by the caller (each reads them with
// the columns it needs), and those a call list's contacts and callbacks tie to it: a contact's claimed and last
// calls, its attempts, a callback's call and the call that did it. One source, so that an erasure and a subject
// access request can never disagree on which calls are the number's.
import type { Kysely } from 'kysely'
import type { ConsoleDatabase } from './schema'

export async function callIdsNaming(
  db: Kysely<ConsoleDatabase>,
  e164: string,
  indexedCallIds: readonly string[],
): Promise<string[]> {
  const contacts = await db
    .selectFrom('call_list_contacts')
    .select(['id', 'claim_call_id', 'last_call_id'])
    .where('number', '=', e164)
    .execute()
  const attempts =
    contacts.length === 0
      ? []
      : await db
          .selectFrom('call_list_attempts')
          .select('call_id')
          .where(
            'contact_id',
            'in',
            contacts.map((contact) => contact.id),
          )
          .execute()
  const callbacks = await db
    .selectFrom('callbacks')
    .select(['call_id', 'done_call_id'])
    .where((eb) => eb.or([eb('number', '=', e164), eb('caller_id', '=', e164)]))
    .execute()
  return [
    ...new Set(
      [
        ...indexedCallIds,
        ...attempts.map((attempt) => attempt.call_id),
        ...contacts.flatMap((contact) => [contact.claim_call_id, contact.last_call_id]),
        ...callbacks.flatMap((callback) => [callback.call_id, callback.done_call_id]),
      ].filter((id): id is string => id !== null),
    ),
  ]
}
