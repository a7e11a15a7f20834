import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react'
import type { OutcomeKind } from '@/api/contract/outcome-kind-schemas'
import { changeOutcomeKind } from '@/api/outcome-kinds'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { errorText } from '@/lib/error-text'
import { revealHidden } from '@/lib/hidden-characters'
import { useKeepKinds } from './keep-kinds'

type Change = Parameters<typeof changeOutcomeKind>[0]['change']

/** One outcome of the list: its name (renamed in place), its place, its flags, archived or offered. */
export function OutcomeKindRow({
  kind,
  position,
  last,
  onChanged,
}: {
  kind: OutcomeKind
  position: number
  last: boolean
  onChanged: (message: string) => void
}) {
  const keep = useKeepKinds()
  const [label, setLabel] = useState(kind.label)
  const change = useMutation({
    mutationFn: (what: { change: Change; message: string }) => changeOutcomeKind({ id: kind.id, change: what.change }),
    onSuccess: (list, what) => {
      keep(list)
      onChanged(what.message)
    },
  })
  const up = useRef<HTMLButtonElement>(null)
  const down = useRef<HTMLButtonElement>(null)
  // The control a change is made from is disabled while it is sent (and its row may move in the list), which drops
  // the focus to the page's start: it gets it back once the change is done, or, now disabled at the top or the
  // bottom, the other arrow does, so the keyboard carries on from where it was. Before the frame is painted (Preact
  // runs a plain effect after it), so the focus is never seen at the page's start.
  const pressed = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    const target = pressed.current
    if (!target || change.isPending) return
    pressed.current = null
    if (document.activeElement !== document.body && document.activeElement !== target) return
    const atEdge = (target === up.current && position === 0) || (target === down.current && last)
    ;(atEdge ? (target === up.current ? down.current : up.current) : target)?.focus()
  })
  const send = (what: Change, message: string) => {
    pressed.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    change.mutate({ change: what, message })
  }
  const rename = (event: FormEvent) => {
    event.preventDefault()
    send({ label }, `Renamed “${kind.label}” to “${label.trim()}”.`)
  }
  return (
    <li className="space-y-2 border-b border-slate-200 py-3 last:border-b-0 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <form onSubmit={rename} className="flex items-center gap-2">
          <Input
            aria-label={`Name of ${revealHidden(kind.label)}`}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
          />
          <Button type="submit" variant="secondary" size="sm" disabled={change.isPending || label === kind.label}>
            Rename
          </Button>
        </form>
        <code className="text-xs text-slate-600 dark:text-slate-400">{kind.id}</code>
        {kind.archived && <Badge>Archived</Badge>}
        <div className="ml-auto flex items-center gap-1">
          <Button
            ref={up}
            variant="ghost"
            size="sm"
            aria-label={`Move ${revealHidden(kind.label)} up`}
            disabled={change.isPending || position === 0}
            onClick={() => send({ position: position - 1 }, `Moved “${kind.label}” up.`)}
          >
            ↑ Up
          </Button>
          <Button
            ref={down}
            variant="ghost"
            size="sm"
            aria-label={`Move ${revealHidden(kind.label)} down`}
            disabled={change.isPending || last}
            onClick={() => send({ position: position + 1 }, `Moved “${kind.label}” down.`)}
          >
            ↓ Down
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${kind.archived ? 'Restore' : 'Archive'} ${revealHidden(kind.label)}`}
            disabled={change.isPending}
            onClick={() =>
              send(
                { archived: !kind.archived },
                kind.archived
                  ? `Restored “${kind.label}”: it is offered again.`
                  : `Archived “${kind.label}”: calls keep it, nobody is offered it.`,
              )
            }
          >
            {kind.archived ? 'Restore' : 'Archive'}
          </Button>
        </div>
      </div>
      {/* Every row has these two boxes: the group names whose they are, as a screen reader enters it. */}
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">What {revealHidden(kind.label)} does</legend>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={kind.comes_back}
            disabled={change.isPending}
            onChange={(e) => send({ comes_back: e.target.checked }, `Saved “${kind.label}”.`)}
          />
          Comes back later in call lists
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={kind.asks_callback}
            disabled={change.isPending}
            onChange={(e) => send({ asks_callback: e.target.checked }, `Saved “${kind.label}”.`)}
          />
          Asks for a callback time
        </label>
      </fieldset>
      {change.isError && (
        <FormError>
          Could not change “{kind.label}”: {errorText(change.error)}
        </FormError>
      )}
    </li>
  )
}
