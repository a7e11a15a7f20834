import type { DoNotCallEntry, DoNotCallSource } from '@/api/contract/do-not-call-schemas'
import { RevealedText } from '@/components/revealed-text'
import { Timestamp } from '@/components/timestamp'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { usePhoneFormat } from '@/lib/phone-format'

const SOURCE_WORDS: Record<DoNotCallSource, string> = {
  manual: 'By hand',
  import: 'Imported',
  outcome: 'Call outcome',
}

/** One page of the list; `onRemove` only for those who may change it (the column is left out otherwise). */
export function NumbersTable({
  entries,
  onRemove,
}: {
  entries: readonly DoNotCallEntry[]
  onRemove?: (entry: DoNotCallEntry, shownAs: string) => void
}) {
  const formatPhone = usePhoneFormat()
  return (
    <Table overflowLabel="Do-not-call numbers">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Number</TableHead>
          <TableHead scope="col">Reason</TableHead>
          <TableHead scope="col">Added by</TableHead>
          <TableHead scope="col">Added</TableHead>
          {onRemove && (
            <TableHead scope="col">
              <span className="sr-only">Actions</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => {
          const shownAs = formatPhone(entry.phone_number)
          return (
            <TableRow key={entry.phone_number}>
              <TableCell className="font-medium whitespace-nowrap tabular-nums">{shownAs}</TableCell>
              <TableCell>
                <RevealedText text={entry.reason} />
              </TableCell>
              <TableCell>
                <RevealedText text={entry.added_by} />
                <span className="block text-xs text-slate-600 dark:text-slate-400">{SOURCE_WORDS[entry.source]}</span>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <Timestamp iso={entry.added_at} />
              </TableCell>
              {onRemove && (
                <TableCell className="text-right">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Remove ${shownAs}`}
                    onClick={() => onRemove(entry, shownAs)}
                  >
                    Remove
                  </Button>
                </TableCell>
              )}
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
