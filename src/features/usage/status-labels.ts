// How the account and period statuses read on screen: one map each. Values
// the spec does not list are shown as they come, in a neutral badge.
import type { BadgeTone } from '@/components/ui/badge'

interface StatusLook {
  label: string
  tone: BadgeTone
}

const ACCOUNT_STATUS: Record<string, StatusLook> = {
  ACTIVE: { label: 'Active', tone: 'success' },
}

const PERIOD_STATUS: Record<string, StatusLook> = {
  DIALER_ACTIVE: { label: 'In progress', tone: 'info' },
  DIALER_COMPLETED: { label: 'Completed', tone: 'neutral' },
}

export function accountStatusLook(status: string | null | undefined): StatusLook {
  if (!status) return { label: 'Not given', tone: 'neutral' }
  return ACCOUNT_STATUS[status] ?? { label: status, tone: 'neutral' }
}

export function periodStatusLook(status: string | null | undefined): StatusLook {
  if (!status) return { label: 'Not given', tone: 'neutral' }
  return PERIOD_STATUS[status] ?? { label: status, tone: 'neutral' }
}
