import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { CallList } from '@/api/contract/call-list-schemas'
import { outcomeKindQueries } from '@/api/outcome-kinds'
import { RevealedText } from '@/components/revealed-text'
import { Badge } from '@/components/ui/badge'
import { buttonVariants } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { revealHidden } from '@/lib/hidden-characters'
import { PauseButton } from './pause-button'
import { outcomeWords, progressWords } from './progress-words'

/** Each list with its progress, its name opening its page; Work for the people who place calls, Pause for managers. */
export function ListsTable({ lists, manages, works }: { lists: CallList[]; manages: boolean; works: boolean }) {
  const kinds = useQuery(outcomeKindQueries.list()).data ?? []
  return (
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
              <Link
                to="/call-lists/$listId"
                params={{ listId: list.id }}
                className="font-medium text-indigo-700 underline dark:text-indigo-300"
              >
                <RevealedText text={list.name} />
              </Link>{' '}
              {list.paused && <Badge tone="warning">Paused</Badge>}
            </TableCell>
            <TableCell>{progressWords(list.progress)}</TableCell>
            <TableCell>
              {list.progress.byOutcome.length === 0 ? (
                '—'
              ) : (
                <RevealedText text={outcomeWords(list.progress.byOutcome, kinds)} />
              )}
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
              {manages && <PauseButton list={list} />}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
