import type { SessionResponse } from '@/api/contract/console-schemas'
import { can } from '@/api/session'

/** Who opens Call lists: the people who place calls work them, managers and admins import and follow them. */
export const worksCallLists = (session: SessionResponse | null | undefined) =>
  can(session, 'calls:create') || can(session, 'call-lists:manage')
