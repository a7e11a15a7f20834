// What the app's start and the loaders of the first screens call to have phone formats in time (phone-format.ts).
// Kept apart so that the entry, which every page loads (sign-in too), holds these few lines and not the formatter:
// it comes in the chunk the pages that show numbers share, which is on its way while their data is.
import { rememberedPhoneFormatGroups } from './phone-format-memory'

/** Resolves once the formats of these numbers have arrived or failed to; never rejects. */
export const loadPhoneFormats = (numbers: Iterable<string | null | undefined>): Promise<void> =>
  import('./phone-format').then(
    ({ phoneFormats }) => phoneFormats.load(numbers),
    // The numbers are shown as they came; the page's components fetch the formatter again.
    () => undefined,
  )

/** At startup, without waiting: the groups this browser showed before, so they arrive with the page's data. */
export function loadRememberedPhoneFormats(): void {
  const groups = rememberedPhoneFormatGroups()
  if (groups.length > 0)
    void import('./phone-format').then(
      ({ phoneFormats }) => phoneFormats.loadGroups(groups),
      () => undefined,
    )
}
