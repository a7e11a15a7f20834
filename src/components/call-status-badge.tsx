import { Badge } from '@/components/ui/badge'
import { callStatusMeta } from '@/lib/call-status'

/** `className`: a larger pill where the page is read from afar (the live board's wall mode). */
export function CallStatusBadge({ status, className }: { status: string; className?: string }) {
  const { label, tone } = callStatusMeta(status)
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  )
}
