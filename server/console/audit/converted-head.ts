// A head noted before migration 0029 hashed the trail again (convert-trail.ts): the head it names in its
// `audit.converted` entry, or any older one, is recomputed from the entries as they were written, their personal
// values put back. Once a value an entry up to that head held is erased, that old head can no longer be recomputed.
import type { ConsoleStore } from '../store'
import { entryHash } from '../store/audit-chain'
import type { AuditRow } from '../store/schema'

const BATCH = 1000

/** A head as head.ts parses it (`SEQ:HASH`); not imported from there, which imports this. */
interface AuditHead {
  seq: number
  hash: string
}

export type ConvertedHeadCheck = { reached: true; convertedAt: number } | { reached: false; reason: string }

/** Null when no conversion hashed entry `head.seq` again (the head is then judged as any other). */
export async function checkConvertedHead(store: ConsoleStore, head: AuditHead): Promise<ConvertedHeadCheck | null> {
  const conversion = await store.audit.latestOfAction('audit.converted')
  const old = conversion?.detail ? (JSON.parse(conversion.detail) as { oldHead?: AuditHead }).oldHead : undefined
  if (!conversion || !old || head.seq > old.seq) return null
  // The conversion's own entry, chained into the trail that verified, vouches for the head it names.
  if (old.seq === head.seq && old.hash === head.hash) return { reached: true, convertedAt: conversion.seq }
  const recomputed = await hashAsWritten(store, head.seq)
  if (recomputed === 'erased')
    return {
      reached: false,
      reason: `entry ${head.seq} was hashed again when the upgrade to keyed hashes converted the trail (entry ${conversion.seq}), and a personal value of an entry up to it was erased since, so its hash as written cannot be recomputed; check the head that upgrade names, ${old.seq}:${old.hash}`,
    }
  if (recomputed === head.hash) return { reached: true, convertedAt: conversion.seq }
  return {
    reached: false,
    reason: `entry ${head.seq} had the hash ${String(recomputed)} as written before the upgrade to keyed hashes, not ${head.hash}: the trail was rolled back to before it and went on, or it is another console's trail`,
  }
}

/** Entry `seq`'s hash before the conversion: the chain as written, from the first entry kept. */
async function hashAsWritten(store: ConsoleStore, seq: number): Promise<string | null | 'erased'> {
  let previous: string | null = null
  let after = 0
  for (;;) {
    const rows = (await store.audit.ascending(after, BATCH)).filter((row) => row.seq <= seq)
    const written: AuditRow[] = await store.auditPersonal.reveal(rows)
    for (const [index, row] of written.entries()) {
      if (store.auditPersonal.erasedIn(row)) return 'erased'
      const { hash: _converted, ...fields } = row
      previous = entryHash({ ...fields, prev_hash: previous ?? (rows[index] as AuditRow).prev_hash })
      if (row.seq === seq) return previous
    }
    if (rows.length < BATCH) return null
    after = rows.at(-1)?.seq ?? after
  }
}
