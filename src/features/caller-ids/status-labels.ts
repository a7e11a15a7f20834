// How verification and CNAM statuses read on screen: one map each. Values the
// spec does not list are shown as they come, in a neutral badge.
import { CNAM_STATUSES, VERIFICATION_STATUSES } from '@/api/contract/schemas'
import type { BadgeTone } from '@/components/ui/badge'

interface StatusLook {
  label: string
  tone: BadgeTone
}

/** The status of a number that can be used for calls. */
export const VERIFIED: string = VERIFICATION_STATUSES[0]
const [APPROVED] = CNAM_STATUSES

const VERIFICATION_STATUS: Record<string, StatusLook> = {
  [VERIFIED]: { label: 'Verified', tone: 'success' },
}

const CNAM_STATUS: Record<string, StatusLook> = {
  [APPROVED]: { label: 'Approved', tone: 'success' },
}

const NOT_GIVEN: StatusLook = { label: 'Not given by the service', tone: 'neutral' }

export function verificationStatusLook(status: string | null | undefined): StatusLook {
  if (!status) return NOT_GIVEN
  return VERIFICATION_STATUS[status] ?? { label: status, tone: 'neutral' }
}

export function cnamStatusLook(status: string | null | undefined): StatusLook {
  if (!status) return NOT_GIVEN
  return CNAM_STATUS[status] ?? { label: status, tone: 'neutral' }
}
