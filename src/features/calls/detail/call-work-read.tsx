import type { CallWork } from '@/api/contract/call-work-schemas'
import { RevealedText } from '@/components/revealed-text'
import { Timestamp } from '@/components/timestamp'

/** The outcome and note as they are, with who recorded them and when: for those who may not change them. */
export function CallWorkRead({ work, only }: { work: CallWork; only?: 'outcome' | 'note' }) {
  return (
    <dl className="space-y-3 text-sm">
      {only !== 'note' && (
        <div>
          <dt className="font-medium">Outcome</dt>
          <dd>
            {work.outcome ? (
              <>
                <RevealedText text={work.outcome.label} />{' '}
                <span className="text-slate-600 dark:text-slate-400">
                  recorded by <RevealedText text={work.outcome.recorded_by} />,{' '}
                  <Timestamp iso={work.outcome.recorded_at} variant="inline" />
                </span>
                {work.do_not_call?.listed && <span className="font-medium"> · On the do-not-call list</span>}
              </>
            ) : (
              'None recorded'
            )}
          </dd>
        </div>
      )}
      {only !== 'outcome' && (
        <div>
          <dt className="font-medium">Note</dt>
          <dd>
            {work.note ? (
              <>
                <p className="whitespace-pre-wrap break-words">
                  <RevealedText text={work.note.text} />
                </p>
                <p className="text-slate-600 dark:text-slate-400">
                  By <RevealedText text={work.note.author} />, <Timestamp iso={work.note.updated_at} variant="inline" />
                </p>
              </>
            ) : (
              'No note'
            )}
          </dd>
        </div>
      )}
    </dl>
  )
}
