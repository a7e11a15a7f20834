// The contract of saved views: a name and the calls page's search, kept per person. Apart from
// call-index-schemas.ts, which the calls route brings into every page's first JavaScript, so that these load with
// the views' panel and dialog.
import * as z from 'zod/mini'
import { datePreset, plainText } from './call-index-schemas'
import { placedBy } from './placed-by-schemas'

/** A saved view: a name and the calls page's search params, kept per person; shared ones are seen by all. */
export const savedViewInput = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Name the view.' }),
      z.maxLength(80, { error: 'Keep the name under 80 characters.' }),
      plainText,
    ),
  /** The calls page's URL search, as a query string without "?". */
  search: z.string().check(z.maxLength(2_000), plainText),
  shared: z.boolean(),
  pinned: z.boolean(),
  /**
   * A relative date range, resolved in the viewer's zone whenever the view is opened ("Last 7 days" is then
   * the seven days before that day); `search` then holds no `from_date`/`to_date`. Absent or null: the view
   * keeps the dates in its `search`, fixed, as every view saved before this field did.
   */
  datePreset: z.optional(z.nullable(datePreset)),
})
export type SavedViewInput = z.infer<typeof savedViewInput>

export const savedView = z.extend(savedViewInput, {
  datePreset: z.nullable(datePreset),
  id: z.string(),
  owner: placedBy,
  /** Whether the person asking may change or delete it (the owner). */
  mine: z.boolean(),
  updatedAt: z.iso.datetime(),
})
export type SavedView = z.infer<typeof savedView>

export const savedViewList = z.object({ views: z.array(savedView) })
