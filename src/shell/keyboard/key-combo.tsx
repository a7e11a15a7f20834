import { Fragment } from 'react'
import { keyLabels } from './shortcut-list'

/** A shortcut's keys: "Ctrl + K" pressed together, "g then c" one after the other. */
export function KeyCombo({ keys, apple }: { keys: readonly string[]; apple: boolean }) {
  const { labels, together } = keyLabels(keys, apple)
  return (
    <span className="inline-flex shrink-0 items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
      {labels.map((label, index) => (
        <Fragment key={label}>
          {index > 0 && <span>{together ? '+' : 'then'}</span>}
          <kbd className="min-w-6 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-xs text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
            {label}
          </kbd>
        </Fragment>
      ))}
    </span>
  )
}
