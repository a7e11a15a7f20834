import * as z from 'zod/mini'
import type { PhoneValue } from './phone'

/**
 * A phone field's value (see parsePhone) as its E.164 number, or the phone check's
 * own message. Each form pipes the result into its contract field for the last word.
 */
export function phoneValueToE164(missing: string) {
  return z.pipe(
    z.custom<PhoneValue>(),
    z.transform((phone, ctx) => {
      if (phone.e164) return phone.e164
      ctx.issues.push({ code: 'custom', message: phone.error ?? missing, input: phone })
      return z.NEVER
    }),
  )
}
