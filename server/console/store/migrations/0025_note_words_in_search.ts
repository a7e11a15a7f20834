// Migration 0025, note words in search: shipped, so never edited (the database records its name); add the next.
import { type Kysely, sql } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // A plain search term finds the words of a call's note (issue 51): the note, lower-cased as search terms are,
    // and in the trigram table's metadata column after the values, so the table narrows to it as to a value.
    await db.schema
      .alterTable('call_notes')
      .addColumn('text_lower', 'text', (col) => col.notNull().defaultTo(''))
      .execute()
    const notes = db as Kysely<Record<string, Record<string, unknown>>>
    const rows = await notes.selectFrom('call_notes').select(['call_id', 'text']).execute()
    for (const { call_id, text } of rows) {
      const lower = String(text).toLowerCase()
      await notes.updateTable('call_notes').set({ text_lower: lower }).where('call_id', '=', call_id).execute()
      await sql`update indexed_call_text set metadata = metadata || ${`\n${lower}`}
          where rowid = (select id from indexed_calls where call_id = ${call_id})`.execute(db)
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('call_notes').dropColumn('text_lower').execute()
  },
})
