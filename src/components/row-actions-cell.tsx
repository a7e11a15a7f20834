import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { TableCell } from '@/components/ui/table'

/**
 * A table row's Actions cell: the feature's own buttons, then Delete. Delete's accessible name carries the row's
 * name (as a person reads it), so a screen reader (and a test) tells one row's Delete from another's.
 */
export const rowActionsCell = (name: string, onDelete: () => void, actions?: ReactNode) => (
  <TableCell>
    <div className="flex flex-wrap gap-2">
      {actions}
      <Button variant="secondary" size="xs" aria-label={`Delete: ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </div>
  </TableCell>
)
