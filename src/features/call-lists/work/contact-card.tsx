import type { WorkContact } from '@/api/contract/call-list-schemas'
import { RevealedText } from '@/components/revealed-text'
import { Timestamp } from '@/components/timestamp'
import { formatPhone } from '@/lib/phone-format'

/** Who is next: the number, what the list knows of them, and every earlier call to them with its outcome. */
export function ContactCard({ contact, outcomeLabel }: { contact: WorkContact; outcomeLabel: (id: string) => string }) {
  const metadata = Object.entries(contact.metadata)
  return (
    <div className="space-y-3">
      <p className="text-2xl font-semibold tabular-nums">
        <span className="sr-only">Number to call: </span>
        {formatPhone(contact.number)}
      </p>
      {metadata.length > 0 && (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          {metadata.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-slate-600 dark:text-slate-400">
                <RevealedText text={key} />
              </dt>
              <dd className="min-w-0 break-words">
                <RevealedText text={value} empty="(empty)" />
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div>
        <h3 className="text-sm font-medium">Earlier calls</h3>
        {contact.attempts.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">None: this is the first try.</p>
        ) : (
          <ul className="text-sm">
            {contact.attempts.map((attempt) => (
              <li key={attempt.callId}>
                <Timestamp iso={attempt.at} variant="inline" /> by <RevealedText text={attempt.by} />:{' '}
                {attempt.outcome ? <RevealedText text={outcomeLabel(attempt.outcome)} /> : 'no outcome recorded'}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
