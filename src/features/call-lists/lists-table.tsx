import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { callListQueries, setPaused } from '@/api/call-lists'
import type { CallList } from '@/api/contract/call-list-schemas'
import { RevealedText } from '@/components/revealed-text'
import { Badge } from '@/components/ui/badge'
import { Button, buttonVariants } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { errorText } from '@/lib/error-text'
import { formatNumber } from '@/lib/format'
import { revealHidden } from '@/lib/hidden-characters'
import { progressWords } from './progress-words'

/** Each list with its progress; Work for the people who place calls, Pause and Resume for managers. */
export function ListsTable({ lists, manages, works }: { lists: CallList[]; manages: boolean; works: boolean }) {
  const queryClient = useQueryClient()
  const pause = useMutation({
    mutationFn: setPaused,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callListQueries.all() }),
  })
  return (
    <>
      {pause.isError && <FormError boxed>{errorText(pause.error)}</FormError>}
      <Table overflowLabel="Call lists">
        <TableHeader>
          <TableRow>
            <TableHead>List</TableHead>
            <TableHead>Progress</TableHead>
            <TableHead>By outcome</TableHead>
            <TableHead>Works it</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lists.map((list) => (
            <TableRow key={list.id}>
              <TableCell>
                <RevealedText className="font-medium" text={list.name} />{' '}
                {list.paused && <Badge tone="warning">Paused</Badge>}
              </TableCell>
              <TableCell>{progressWords(list.progress)}</TableCell>
              <TableCell>
                {list.progress.byOutcome.length === 0
                  ? '—'
                  : list.progress.byOutcome.map((o, i) => (
                      <span key={o.outcome}>
                        {i > 0 && ', '}
                        <RevealedText text={o.outcome} /> {formatNumber(o.count)}
                      </span>
                    ))}
              </TableCell>
              <TableCell>
                {list.everyone
                  ? 'Everyone'
                  : list.assignees.map((a, i) => (
                      <span key={a.email}>
                        {i > 0 && ', '}
                        <RevealedText text={a.email} />
                      </span>
                    ))}
              </TableCell>
              <TableCell className="space-x-2 text-right whitespace-nowrap">
                {works && (
                  <Link
                    to="/call-lists/$listId/work"
                    params={{ listId: list.id }}
                    className={buttonVariants({ size: 'sm' })}
                    aria-label={`Work ${revealHidden(list.name)}`}
                  >
                    Work
                  </Link>
                )}
                {manages && (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={pause.isPending}
                    aria-label={`${list.paused ? 'Resume' : 'Pause'} ${revealHidden(list.name)}`}
                    onClick={() => pause.mutate({ id: list.id, paused: !list.paused })}
                  >
                    {list.paused ? 'Resume' : 'Pause'}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  )
}
