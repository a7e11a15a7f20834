// The /audit route's reading of its URL: short strings only. The route ships with every page's first load,
// so the contract's own checks (the trail's actions, dates) run in the page's chunk (audit-search.ts), which
// drops a value the contract refuses as this reading never would.
import * as z from 'zod/mini'

const text = z.catch(z.optional(z.string().check(z.maxLength(500))), undefined)
/** The router reads `?q=12345` as a number; a search is text whatever it holds. */
const searchText = z.catch(
  z.optional(
    z.pipe(
      z.union([z.string().check(z.maxLength(500)), z.number()]),
      z.transform((value) => String(value)),
    ),
  ),
  undefined,
)

export const auditUrlSearch = z.object({
  user: text,
  action: text,
  q: searchText,
  from: text,
  to: text,
  cursor: text,
  prev: z.catch(z.optional(z.array(z.string()).check(z.maxLength(500))), undefined),
})
