// Minutes into money. The service's rate_per_minute_dc counts 1/divisor of a currency, as an admin stated it
// (the spec does not say); a cost is minutes × rate ÷ divisor, rounded half up to the currency's smallest unit.
import type { RateUnit } from '@/api/contract/rate-unit-schemas'

export type MoneyUnit = Pick<RateUnit, 'divisor' | 'currency'>

const formats = new Map<string, Intl.NumberFormat>()

/** In English, as the dashboard is written: $1,234.56, €12.00, ¥1,235. */
function moneyFormat(currency: string, fractionDigits?: number): Intl.NumberFormat {
  const key = `${currency}/${fractionDigits ?? ''}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      ...(fractionDigits !== undefined && {
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }),
    })
    formats.set(key, format)
  }
  return format
}

/** The digits of the currency's smallest unit: 2 for USD and EUR, 0 for JPY, 3 for KWD. */
export const minorDigits = (currency: string): number =>
  moneyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2

/** What `minutes` cost at `rate`, in whole units of the currency, rounded half up to its smallest unit. */
export function costOf(minutes: number, rate: number, unit: MoneyUnit): number {
  const scale = 10 ** minorDigits(unit.currency)
  // Rounded once, from the exact product in the rate's units: never a sum of rounded parts.
  return Math.round((minutes * rate * scale) / unit.divisor) / scale
}

/** "$6.44": an amount in the currency's own digits. */
export const formatMoney = (amount: number, currency: string): string => moneyFormat(currency).format(amount)

/**
 * "$0.045": the rate itself, with as many digits as it counts (a tenth of a cent needs three), never rounded away.
 */
export function formatRate(rate: number, unit: MoneyUnit): string {
  const digits = Math.max(minorDigits(unit.currency), Math.round(Math.log10(unit.divisor)))
  return moneyFormat(unit.currency, digits).format(rate / unit.divisor)
}
