import { Badge, type BadgeSize } from '@/components/ui/badge'
import { callStatusMeta } from '@/lib/call-status'

/** `size`: a larger pill where the page is read from afar (the live board's wall mode). */
export function CallStatusBadge({ status, size }: { status: string; size?: BadgeSize }) {
  const { label, tone } = callStatusMeta(status)
  return (
    <Badge tone={tone} size={size}>
      {label}
    </Badge>
  )
}
