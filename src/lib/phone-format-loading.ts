// What the app's start and the loaders of the first screens call to have phone formats in time (phone-format.ts).
// The formatter is in the entry with them (1 KB gzip): split into the chunk the number pages share, it took 0.6 KB
// off /sign-in but put 0.4 KB more on /calls (a chunk's own imports and a dynamic import), over its 150 KB.
import { phoneFormats } from './phone-format'
import { rememberedPhoneFormatGroups } from './phone-format-memory'

/** Resolves once the formats of these numbers have arrived or failed to; never rejects. */
export function loadPhoneFormats(numbers: Iterable<string | null | undefined>): Promise<void> {
  const digits = new Set<string>()
  // The group is the first digit of the calling code (phone-format.ts shows anything else as it came).
  for (const number of numbers) if (number && /^\+[1-9]/.test(number)) digits.add(number.charAt(1))
  return phoneFormats.loadGroups(digits)
}

/** At startup, without waiting: the groups this browser showed before, so they arrive with the page's data. */
export function loadRememberedPhoneFormats(): void {
  const groups = rememberedPhoneFormatGroups()
  if (groups.length > 0) void phoneFormats.loadGroups(groups)
}
