// /calls/new's search params: a link from another tool (a CRM, a ticket, a callback) fills the form in:
// `?to=<number>&caller_id=<number>&record=1&meta.<key>=<value>`, or `?tel=<tel: URI>` from the browser's handler
// of phone links. Nothing here places a call: the person presses Place call. This schema is in every page's first
// JavaScript (the router checks search params before a route's chunk loads), so it only keeps text;
// new-call-link.ts reads the numbers and keys once the page is open.
import * as z from 'zod/mini'

/** The router reads `?record=1` and `?to=4155550100` as numbers; every param is text to this page. */
const text = z.catch(
  z.optional(
    z.pipe(
      z.union([z.string(), z.number(), z.boolean()]),
      z.transform((value) => String(value)),
    ),
  ),
  undefined,
)

/** `to`, `caller_id`, `record`, `tel` and any `meta.<key>`, each as text; a record, for the keys it cannot list. */
export const newCallSearchSchema = z.record(z.string(), text)

export type NewCallSearch = z.infer<typeof newCallSearchSchema>
