// What the voice service's `rate_per_minute_dc` counts (issue 53, item 2). The spec leaves the unit out ("Unit of
// rate_per_minute_dc: not shown"), so an admin states it once: how many of the rate's units make one whole unit of
// the currency, and which currency. The usage page turns minutes into money with it. Its own file, loaded with the
// usage page only (npm run test:size).
import * as z from 'zod/mini'

/** Under CONSOLE_PREFIX: GET (managers and admins), PUT (admins). */
export const RATE_UNIT_PATH = '/usage/rate-unit'

/** The units a rate may count, by how many of them make one whole unit of the currency. */
export const RATE_UNITS = [
  { divisor: 1, label: 'Whole units', example: '45 = 45.00' },
  { divisor: 100, label: 'Cents (hundredths)', example: '45 = 0.45' },
  { divisor: 1000, label: 'Tenths of a cent', example: '45 = 0.045' },
  { divisor: 10_000, label: 'Hundredths of a cent', example: '45 = 0.0045' },
] as const

const DIVISORS: readonly number[] = RATE_UNITS.map((unit) => unit.divisor)

/** The words of a divisor: "Tenths of a cent". */
export const rateUnitLabel = (divisor: number): string =>
  RATE_UNITS.find((unit) => unit.divisor === divisor)?.label ?? `1/${divisor} of the currency`

/** An ISO 4217 code this runtime formats as money: the same list in the browser and on the server. */
export function isKnownCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code)
}

const CURRENCY_ERROR = 'Give the currency as its three-letter ISO 4217 code, such as USD or EUR.'

/** PUT's body. */
export const rateUnitInput = z.object({
  divisor: z.number({ error: 'Choose what the rate counts.' }).check(
    z.refine((value) => DIVISORS.includes(value), {
      error: `Choose what the rate counts: ${RATE_UNITS.map((unit) => unit.label.toLowerCase()).join(', ')}.`,
    }),
  ),
  currency: z
    .string({ error: CURRENCY_ERROR })
    .check(z.trim(), z.toUpperCase(), z.refine(isKnownCurrency, { error: CURRENCY_ERROR })),
})
export type RateUnitInput = z.infer<typeof rateUnitInput>

const rateUnit = z.object({
  divisor: z.number(),
  currency: z.string(),
  setBy: z.string(),
  setAt: z.iso.datetime(),
})
export type RateUnit = z.infer<typeof rateUnit>

/** GET's and PUT's answer: null until an admin sets it. */
export const rateUnitResponse = z.object({ rateUnit: z.nullable(rateUnit) })
export type RateUnitResponse = z.infer<typeof rateUnitResponse>
