import type { ImportPreview } from '@/api/contract/call-list-schemas'
import { RevealedText } from '@/components/revealed-text'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatNumber, pluralize } from '@/lib/format'

/** What the import would save, and each line it would leave out and why: read before anything is saved. */
export function ImportPreviewReport({ preview }: { preview: ImportPreview }) {
  const unlisted = preview.problemCount - preview.problems.length
  return (
    <div className="space-y-3" aria-live="polite">
      <p className="text-sm">
        {pluralize(preview.rows, 'row')}: <strong>{formatNumber(preview.valid)}</strong> to import,{' '}
        {formatNumber(preview.problemCount)} left out. Numbers are read from the column “
        <RevealedText text={preview.numberColumn} />
        ”; the other columns become each call’s metadata.
      </p>
      {preview.problems.length > 0 && (
        <Table regionLabel="Lines left out">
          <TableHeader>
            <TableRow>
              <TableHead>Line</TableHead>
              <TableHead>Number as written</TableHead>
              <TableHead>Why it is left out</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.problems.map((problem) => (
              <TableRow key={problem.line}>
                <TableCell>{problem.line}</TableCell>
                <TableCell>
                  <RevealedText text={problem.number} empty="—" />
                </TableCell>
                <TableCell>
                  {problem.kind === 'duplicate' ? 'Duplicate: ' : 'Invalid: '}
                  {problem.message}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {unlisted > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          And {pluralize(unlisted, 'more line', 'more lines')} left out, not listed here.
        </p>
      )}
    </div>
  )
}
