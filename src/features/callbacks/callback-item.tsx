import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLayoutEffect, useRef, useState } from 'react'
import { callbackQueries, cancelCallback, markCallbackDone } from '@/api/callbacks'
import type { Callback } from '@/api/contract/callback-schemas'
import { useTimeZone } from '@/api/preferences'
import { RevealedText } from '@/components/revealed-text'
import { Button } from '@/components/ui/button'
import { errorText } from '@/lib/error-text'
import { formatMetadataValue } from '@/lib/format'
import { usePhoneFormat } from '@/lib/phone-format'
import { CallBackAnchor } from './call-back-anchor'
import { describeDue } from './callback-time'
import { keepFocusAsRowLeaves } from './focus-after-row'
import { MoveCallback } from './move-callback'

const ownerText = (callback: Callback, userId: string | undefined) =>
  callback.owner === null ? (
    'Everyone’s'
  ) : callback.owner.user_id === userId ? (
    'Yours'
  ) : (
    <RevealedText text={callback.owner.email} />
  )

/** One callback: whom, when (their time and yours), whose, what it carries, and what can be done with it. */
export function CallbackItem({
  callback,
  userId,
  canCall,
  oversees,
  onWorked,
}: {
  callback: Callback
  userId: string | undefined
  /** Whether this person places calls: "Call back" is theirs. */
  canCall: boolean
  /** A manager or admin, who may work anyone's callback; others, their own and everyone's. */
  oversees: boolean
  /** Told what was done (marked done, moved, cancelled), for the list's status: the row itself may be gone. */
  onWorked?: (message: string) => void
}) {
  const zone = useTimeZone()
  const format = usePhoneFormat()
  const queryClient = useQueryClient()
  const row = useRef<HTMLLIElement>(null)
  const moveButton = useRef<HTMLButtonElement>(null)
  // A layout effect's cleanup runs while the row is still in the page, so its neighbours can still be read.
  useLayoutEffect(() => {
    const element = row.current
    return () => {
      if (element) keepFocusAsRowLeaves(element)
    }
  }, [])
  const refresh = () => queryClient.invalidateQueries({ queryKey: callbackQueries.all() })
  const number = format(callback.number)
  const done = useMutation({
    mutationFn: markCallbackDone,
    onSuccess: () => onWorked?.(`Marked done: the callback to ${number}.`),
    onSettled: refresh,
  })
  const cancel = useMutation({
    mutationFn: cancelCallback,
    onSuccess: () => onWorked?.(`Cancelled the callback to ${number}.`),
    onSettled: refresh,
  })
  const failed = done.error ?? cancel.error
  const working = done.isPending || cancel.isPending
  const [moving, setMoving] = useState(false)
  // The console's rule (server/console/callbacks/routes.ts), so a button is never one it refuses.
  const mayWork = oversees || callback.owner === null || callback.owner.user_id === userId
  const metadata = Object.entries(callback.metadata)
  return (
    <li
      ref={row}
      aria-label={`Callback to ${number}`}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
    >
      {/* A basis, not flex-1: on a phone the buttons wrap below instead of squeezing the text to a word a line. */}
      <div className="min-w-0 grow basis-64 space-y-1">
        <p>
          <span className="font-medium tabular-nums">{number}</span>{' '}
          <span className="text-slate-600 dark:text-slate-400">· {ownerText(callback, userId)}</span>
        </p>
        <p>{describeDue(Date.parse(callback.due_at), callback.time_zones, zone)}</p>
        {metadata.length > 0 && (
          <p className="break-words text-slate-600 dark:text-slate-400">
            {metadata.map(([key, value], i) => (
              <span key={key}>
                {i > 0 && ' · '}
                <RevealedText text={key} />: <RevealedText text={formatMetadataValue(value)} />
              </span>
            ))}
          </p>
        )}
      </div>
      {mayWork && (
        <div className="flex flex-wrap gap-2">
          {canCall && <CallBackAnchor callback={callback} aria-label={`Call back ${number}`} />}
          {/* aria-disabled, not disabled: a disabled button loses the focus at once, and with it the keyboard's place. */}
          <Button
            size="xs"
            variant="secondary"
            aria-disabled={working}
            onClick={() => {
              if (!working) done.mutate(callback.id)
            }}
          >
            Mark done
          </Button>
          <Button
            ref={moveButton}
            size="xs"
            variant="secondary"
            aria-expanded={moving}
            onClick={() => setMoving((open) => !open)}
          >
            Move
          </Button>
          <Button
            size="xs"
            variant="ghost"
            aria-disabled={working}
            onClick={() => {
              if (!working) cancel.mutate(callback.id)
            }}
          >
            Cancel callback
          </Button>
        </div>
      )}
      {moving && (
        <MoveCallback
          callback={callback}
          onClose={() => {
            setMoving(false)
            moveButton.current?.focus()
          }}
          onMoved={(when) => {
            onWorked?.(`Moved the callback to ${number}: ${when}.`)
            return refresh()
          }}
        />
      )}
      {failed && (
        <p role="alert" className="basis-full text-red-800 dark:text-red-300">
          {errorText(failed)}
        </p>
      )}
    </li>
  )
}
