// The parts of one entry that the table and the phone cards both show.
import { Link } from '@tanstack/react-router'
import type { AuditEntry } from '@/api/contract/audit-schemas'
import { RevealedText } from '@/components/revealed-text'
import { Badge } from '@/components/ui/badge'
import { formatMetadataValue } from '@/lib/format'
import { revealHidden } from '@/lib/hidden-characters'
import { actorlessLabel, entryOutcome } from './audit-labels'
import { targetLink } from './audit-targets'

const muted = 'text-slate-600 dark:text-slate-400'

/** Email and role as they were then; who it was when the entry names nobody. */
export function AuditActorText({ entry }: { entry: AuditEntry }) {
  if (!entry.actor) return <span className={muted}>{actorlessLabel(entry.action, entry.detail)}</span>
  return (
    <span className="block">
      <RevealedText className="block wrap-anywhere" text={entry.actor.email} />
      <span className={`block text-xs capitalize ${muted}`}>{entry.actor.role}</span>
    </span>
  )
}

export function AuditOutcome({ entry }: { entry: AuditEntry }) {
  const { label, tone } = entryOutcome(entry)
  // The HTTP status is for whoever reads the logs beside this page: on hover, never in the words.
  return (
    <Badge tone={tone} title={`HTTP status ${entry.outcome}`}>
      {label}
    </Badge>
  )
}

/** Where a value is empty, a dash that a screen reader reads as "none". */
export function OrNone({ value }: { value: string | null }) {
  if (value) return <RevealedText className="wrap-anywhere" text={value} />
  return (
    <span className={muted}>
      <span aria-hidden="true">—</span>
      <span className="sr-only">none</span>
    </span>
  )
}

const linkClass =
  'wrap-anywhere text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200'

/** What it was done to: a link to the call or to the Users page when it is one; else as text. */
export function AuditTarget({ entry }: { entry: AuditEntry }) {
  const link = targetLink(entry)
  if (link?.kind === 'call')
    return (
      <Link to="/calls/$callId" params={{ callId: link.callId }} className={linkClass}>
        <RevealedText text={link.callId} />
      </Link>
    )
  if (link?.kind === 'person')
    return (
      <Link to="/users" className={linkClass} aria-label={`${revealHidden(link.email)} on the Users page`}>
        <RevealedText text={link.email} />
      </Link>
    )
  return <OrNone value={entry.target} />
}

/**
 * The rest of the entry, folded: the browser that sent it and the detail the console kept.
 * All of it is shown as text: an email typed at sign-in, a user agent, are anyone's input.
 */
export function AuditEntryDetail({ entry }: { entry: AuditEntry }) {
  const facts = [
    ...Object.entries(entry.detail ?? {}).map(([key, value]) => [key, formatMetadataValue(value)] as const),
    ...(entry.userAgent ? [['Browser', entry.userAgent] as const] : []),
  ]
  if (facts.length === 0) return <OrNone value={null} />
  return (
    <details className="group max-w-sm">
      <summary className="cursor-pointer rounded-sm text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300">
        Show details<span className="sr-only"> of entry {entry.seq}</span>
      </summary>
      <dl className="mt-1 space-y-1 text-xs">
        {facts.map(([key, value]) => (
          <div key={key}>
            <dt className={`font-mono ${muted}`}>
              <RevealedText text={key} />
            </dt>
            <dd className="wrap-anywhere whitespace-pre-wrap">
              <RevealedText text={value} />
            </dd>
          </div>
        ))}
      </dl>
    </details>
  )
}
