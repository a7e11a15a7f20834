// How the call page shows a field the service left empty, or sent in a shape the page cannot read.
import type { ReactNode } from 'react'
import type { UnreadableField } from '@/api/field-by-field'
import { RevealedText } from '@/components/revealed-text'
import { formatMetadataValue } from '@/lib/format'

export function NotGiven() {
  return <span className="text-slate-600 dark:text-slate-400">Not given by the service</span>
}

/**
 * A field's value for the page: as it came when the page could not read it, "Not given" when the
 * service sent null or nothing, otherwise what `show` makes of it.
 */
export function fieldValue<T>(
  field: string,
  value: T | null | undefined,
  unreadable: readonly UnreadableField[],
  show: (value: T) => ReactNode,
): ReactNode {
  const raw = unreadable.find((entry) => entry.field === field)
  if (raw && raw.value !== undefined && raw.value !== null)
    return <RevealedText text={formatMetadataValue(raw.value)} />
  if (value === null || value === undefined) return <NotGiven />
  return show(value)
}

/** Names each field the page could not read, so a person knows what is shown as it came and why. */
export function UnreadableFieldsNotice({ unreadable }: { unreadable: readonly UnreadableField[] }) {
  if (unreadable.length === 0) return null
  return (
    <section
      aria-labelledby="unreadable-fields-title"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="unreadable-fields-title" className="font-semibold">
        Some fields of this call could not be read
      </h2>
      <ul className="mt-1 list-disc pl-5">
        {unreadable.map(({ field, value }) => (
          <li key={field} className="wrap-anywhere">
            <RevealedText
              text={
                value === undefined
                  ? `The service sent no ${field}; it is shown as not given.`
                  : `The service sent ${field} as ${JSON.stringify(value) ?? String(value)}; it is shown as it came.`
              }
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
