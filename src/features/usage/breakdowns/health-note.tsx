import type { CallerIdHealthResponse } from '@/api/contract/usage-breakdown-schemas'
import { Badge } from '@/components/ui/badge'
import type { FigureRow } from './figures'

/** A caller ID's "answered less than usual" flag, with the numbers behind it, under its row. */
export function healthNote(health: CallerIdHealthResponse | undefined) {
  const flags = new Map(health?.callerIds.flatMap((id) => (id.flag ? [[id.caller_id, id.flag.reason] as const] : [])))
  return (row: FigureRow) => {
    const reason = flags.get(row.key)
    if (!reason) return null
    return (
      <span className="mt-1 block">
        <Badge tone="warning">Answered less than usual</Badge>
        <span className="mt-0.5 block text-xs font-normal text-slate-600 dark:text-slate-400">{reason}</span>
      </span>
    )
  }
}
