import { getRouteApi } from '@tanstack/react-router'
import { useTimeZone } from '@/api/preferences'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { useNow } from '@/lib/use-now'
import { activePreset, DATE_PRESETS, presetRange } from '../shared/date-presets'
import { useBillingPeriod } from '../shared/use-billing-period'
import { useApplyFilters } from './use-apply-filters'

const route = getRouteApi('/calls/')

/**
 * Today, Yesterday, Last 7 days, This billing period: one click sets both dates. It sits in the list's
 * toolbar row from `sm` up, and with the other filters (under More filters) on a phone.
 */
export function DatePresetsBar({ className }: { className?: string }) {
  const search = route.useSearch()
  const apply = useApplyFilters()
  const timeZone = useTimeZone()
  const now = useNow(60_000)
  const period = useBillingPeriod()
  const range = { from_date: search.from_date, to_date: search.to_date }
  const active = activePreset(range, timeZone, now, period)

  return (
    <fieldset className={cn('flex-wrap items-center gap-1', className)}>
      <legend className="sr-only">Date presets</legend>
      {DATE_PRESETS.map((preset) => {
        const presetDates = presetRange(preset.id, timeZone, now, period)
        if (!presetDates) return null
        return (
          <Button
            key={preset.id}
            variant={active === preset.id ? 'primary' : 'secondary'}
            size="xs"
            aria-pressed={active === preset.id}
            onClick={() => apply(presetDates)}
          >
            {preset.label}
          </Button>
        )
      })}
    </fieldset>
  )
}
