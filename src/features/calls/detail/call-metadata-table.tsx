import type { Metadata } from '@/api/contract/schemas'
import { RevealedText } from '@/components/revealed-text'
import { formatMetadataValue } from '@/lib/format'

/** Caller-supplied metadata, always rendered as text with its hidden characters shown: it is untrusted input. */
export function CallMetadataTable({ metadata }: { metadata: Metadata }) {
  const entries = Object.entries(metadata)
  if (entries.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No metadata.</p>
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Metadata</caption>
      <thead>
        <tr className="text-left text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">
          <th scope="col" className="py-1 pr-4">
            Key
          </th>
          <th scope="col" className="py-1">
            Value
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
        {entries.map(([key, value]) => (
          <tr key={key}>
            <th scope="row" className="py-1 pr-4 text-left w-1/3 font-mono text-xs font-normal wrap-anywhere">
              <RevealedText text={key} />
            </th>
            <td className="py-1 wrap-anywhere whitespace-pre-wrap">
              <RevealedText text={formatMetadataValue(value)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
