import type { InviteResponse } from '@/api/contract/user-change-schemas'
import type { UserListItem } from '@/api/contract/users-schemas'
import { useTimeZone } from '@/api/preferences'
import { RevealedText } from '@/components/revealed-text'
import { Timestamp } from '@/components/timestamp'
import { Badge } from '@/components/ui/badge'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { listRow } from '@/lib/list-row'
import { zoneAbbreviation } from '@/lib/time-zone'
import { USER_STATUS_LOOK } from './status-labels'
import { UserActions } from './user-actions'

/** Six columns: on a phone the table scrolls sideways, and says so, rather than cutting columns off. */
export function UsersTable({
  users,
  selfId,
  emailConfigured,
  onDone,
  onInvited,
}: {
  users: readonly UserListItem[]
  selfId: string | undefined
  emailConfigured: boolean
  onDone: (message: string) => void
  onInvited: (invite: InviteResponse) => void
}) {
  const zone = zoneAbbreviation(useTimeZone())
  return (
    <>
      <p className="text-xs text-slate-600 sm:hidden dark:text-slate-400" aria-hidden="true">
        Scroll the table sideways to see every column →
      </p>
      <Table regionLabel="Users table">
        <caption className="sr-only">People who can sign in to the console, and invites not yet taken up</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Last sign-in ({zone})</TableHead>
            <TableHead>Active sessions</TableHead>
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => {
            const status = USER_STATUS_LOOK[user.status]
            const isSelf = user.id !== null && user.id === selfId
            return (
              <TableRow key={user.id ?? `invite:${user.email}`} {...listRow()}>
                <TableHead scope="row" look="row-medium" className="whitespace-nowrap">
                  <RevealedText text={user.email} />
                  {isSelf && <span className="font-normal text-slate-600 dark:text-slate-400"> (you)</span>}
                </TableHead>
                <TableCell>{user.role}</TableCell>
                <TableCell>
                  <Badge tone={status.tone}>{status.label}</Badge>
                  {user.inviteExpiresAt && (
                    <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
                      <span className="block">{user.status === 'invited' ? 'Link expires' : 'Link expired'}</span>
                      <Timestamp iso={user.inviteExpiresAt} />
                    </span>
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {user.lastSignInAt ? <Timestamp iso={user.lastSignInAt} /> : 'Never'}
                </TableCell>
                <TableCell className="tabular-nums">{user.id === null ? '—' : user.activeSessions}</TableCell>
                <TableCell>
                  <UserActions
                    user={user}
                    isSelf={isSelf}
                    emailConfigured={emailConfigured}
                    onDone={onDone}
                    onInvited={onInvited}
                  />
                </TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
    </>
  )
}
