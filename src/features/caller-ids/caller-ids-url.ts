// The /caller-ids route's reading of its URL: the filter and the page, each falling back to "not set".
// The route ships with every page's first load, so this stays a few short checks.
import * as z from 'zod/mini'

/** The router reads `?q=4155` as a number; a filter is text whatever it holds. */
const filterText = z.catch(
  z.optional(
    z.pipe(
      z.union([z.string().check(z.maxLength(100)), z.number()]),
      z.transform((value) => String(value)),
    ),
  ),
  undefined,
)

export const callerIdsUrlSearch = z.object({
  q: filterText,
  page: z.catch(z.optional(z.int().check(z.minimum(1))), undefined),
})
