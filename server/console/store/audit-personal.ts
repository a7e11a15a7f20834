// The audit trail's personal values, kept beside the chain (issue 52): a hashed entry holds a token in place of each
// (audit/personal-fields.ts decides which), this table the value. Reading an entry puts the value back, or
// "[erased]" once an erasure deleted it; no hash covers the value, so erasing it never breaks `audit verify`.
import { createHmac, randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import type { AuditPersonalValueRow, ConsoleDatabase } from './schema'

type Executor = Kysely<ConsoleDatabase> | Transaction<ConsoleDatabase>

/** The secret (console_secrets) that keys the tokens: without it, no one finds a number by hashing every number. */
export const PERSONAL_KEY_NAME = 'audit-personal-values'
export const newPersonalKey = () => randomBytes(32).toString('hex')

/** What an entry shows where a value was erased. */
const ERASED = '[erased]'
const TOKEN = /\{pv:[0-9a-f]{64}\}/g

export type PersonalValue = Omit<AuditPersonalValueRow, 'digits'>

/** The token of `value` in entry `seq`: one entry's value never shares a token (and so an erasure) with another's. */
export function personalToken(key: string, seq: number, subject: string | null, value: string): string {
  const mac = createHmac('sha256', key)
    .update(`${seq}\n${subject ?? ''}\n${value}`)
    .digest('hex')
  return `{pv:${mac}}`
}

export const digitsOf = (text: string) => text.replace(/\D/g, '')

/** The digits a number is written with in any format: its national number (a value may omit the country code). */
function nationalDigits(e164: string): string {
  return parsePhoneNumberFromString(e164)?.nationalNumber ?? digitsOf(e164)
}

/** A LIKE pattern for digits anywhere in the digits column. */
const digitsAnywhere = (digits: string) => `%${digits}%`

type Revealable = { target: string | null; detail: string | null }

/** Entries as people read them: each token replaced by its value, or by "[erased]". */
export async function revealPersonalValues<Row extends Revealable>(db: Executor, rows: Row[]): Promise<Row[]> {
  const tokens = new Set<string>()
  for (const row of rows)
    for (const text of [row.target, row.detail]) for (const token of text?.match(TOKEN) ?? []) tokens.add(token)
  if (tokens.size === 0) return rows
  const values = new Map<string, string>()
  const all = [...tokens]
  for (let start = 0; start < all.length; start += 500) {
    const found = await db
      .selectFrom('audit_personal_values')
      .select(['token', 'value'])
      .where('token', 'in', all.slice(start, start + 500))
      .execute()
    for (const { token, value } of found) values.set(token, value)
  }
  const shown = (token: string) => values.get(token) ?? ERASED
  return rows.map((row) => ({
    ...row,
    target: row.target?.replace(TOKEN, shown) ?? null,
    // In the canonical JSON a token is the whole of a string or part of one: the value goes in escaped.
    detail: row.detail?.replace(TOKEN, (token) => JSON.stringify(shown(token)).slice(1, -1)) ?? null,
  }))
}

export function createAuditPersonalQueries(db: Kysely<ConsoleDatabase>) {
  let key: Promise<string> | null = null
  /** Values whose subject is the number, or whose digits hold it. */
  const ofSubject = (tx: Executor, e164: string) =>
    tx
      .selectFrom('audit_personal_values')
      .selectAll()
      .where((eb) => eb.or([eb('subject', '=', e164), eb('digits', 'like', digitsAnywhere(nationalDigits(e164)))]))
  return {
    /** The key of the tokens, made on first use; read before an append's transaction (one query, then cached). */
    key: (): Promise<string> => {
      key ??= db
        .insertInto('console_secrets')
        .values({ name: PERSONAL_KEY_NAME, value: newPersonalKey() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute()
        .then(() =>
          db
            .selectFrom('console_secrets')
            .select('value')
            .where('name', '=', PERSONAL_KEY_NAME)
            .executeTakeFirstOrThrow(),
        )
        .then((row) => row.value)
      key.catch(() => {
        key = null
      })
      return key
    },
    /** Stores an entry's values, in the transaction that appends it. */
    insert: async (tx: Executor, values: readonly PersonalValue[]) => {
      if (values.length === 0) return
      await tx
        .insertInto('audit_personal_values')
        .values(values.map((value) => ({ ...value, digits: digitsOf(value.value) })))
        .onConflict((oc) => oc.column('token').doNothing())
        .execute()
    },
    /** The number a call was placed to, as the call index holds it (the subject of a note's or a reason's value). */
    destinationOfCall: async (tx: Executor, callId: string): Promise<string | null> => {
      const row = await tx
        .selectFrom('indexed_calls')
        .select('destination')
        .where('call_id', '=', callId)
        .executeTakeFirst()
      return row?.destination ?? null
    },
    /** Whether an entry as `reveal` gave it shows a value erased. */
    erasedIn: (row: Revealable) => `${row.target} ${row.detail}`.includes(ERASED),
    /** Entries as people read them: each token replaced by its value, or by "[erased]". */
    reveal: <Row extends Revealable>(rows: Row[]) => revealPersonalValues(db, rows),
    /**
     * Erases a number from the trail: every value about it, or holding its digits in any format. The entries keep
     * their tokens and hashes (the chain still verifies; its head is unchanged) and read "[erased]".
     */
    eraseSubject: (e164: string): Promise<{ values: number; entries: number }> =>
      db.transaction().execute(async (tx) => {
        const held = await ofSubject(tx, e164).execute()
        const tokens = held.map((row) => row.token)
        for (let start = 0; start < tokens.length; start += 500)
          await tx
            .deleteFrom('audit_personal_values')
            .where('token', 'in', tokens.slice(start, start + 500))
            .execute()
        return { values: tokens.length, entries: new Set(held.map((row) => row.seq)).size }
      }),
    /** What the trail holds about a number (a subject-access export): each value with its entry, oldest first. */
    valuesOfSubject: async (
      e164: string,
    ): Promise<{ seq: number; at: number; action: string; subject: string | null; value: string }[]> => {
      const rows = await ofSubject(db, e164).orderBy('seq').orderBy('token').execute()
      const entries = new Map(
        rows.length === 0
          ? []
          : (
              await db
                .selectFrom('audit_log')
                .select(['seq', 'at', 'action'])
                .where(
                  'seq',
                  'in',
                  rows.map((row) => row.seq),
                )
                .execute()
            ).map((entry) => [entry.seq, entry]),
      )
      return rows.map((row) => ({
        seq: row.seq,
        at: entries.get(row.seq)?.at ?? 0,
        action: entries.get(row.seq)?.action ?? '',
        subject: row.subject,
        value: row.value,
      }))
    },
    /** With a retention prune: the values of the entries it removes. */
    deleteThrough: async (tx: Executor, throughSeq: number) => {
      await tx.deleteFrom('audit_personal_values').where('seq', '<=', throughSeq).execute()
    },
  }
}
