import { Badge } from '@/components/ui/badge'
import { callStatusMeta } from './call-status'

export function CallStatusBadge({ status }: { status: string }) {
  const { label, tone } = callStatusMeta(status)
  return <Badge tone={tone}>{label}</Badge>
}
