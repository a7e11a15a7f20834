import type { UserStatus } from '@/api/contract/users-schemas'
import type { BadgeTone } from '@/components/ui/badge'

/** How each status reads on the Users page: the one map of its words and colours. */
export const USER_STATUS_LOOK: Record<UserStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  deactivated: { label: 'Deactivated', tone: 'neutral' },
  invited: { label: 'Invited', tone: 'info' },
  'invite-expired': { label: 'Invite expired', tone: 'warning' },
}
