import type { SessionResponse } from '@/api/contract/console-schemas'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { pagesFor } from '../nav-pages'
import { KeyCombo } from './key-combo'
import { GO_PREFIX } from './shortcut-keys'
import { keyLabels, SHORTCUTS } from './shortcut-list'

interface Row {
  keys: readonly string[]
  label: string
}

function ShortcutList({ heading, rows, apple }: { heading: string; rows: readonly Row[]; apple: boolean }) {
  return (
    <section>
      <h3 className="text-sm font-semibold">{heading}</h3>
      <dl className="mt-1 divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {rows.map((row) => (
          <div key={row.label} className="flex items-center justify-between gap-4 py-1.5">
            <dt>{row.label}</dt>
            <dd>
              <KeyCombo keys={row.keys} apple={apple} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** `?`: every shortcut this person has, the `g` ones for the pages of their role only. */
export default function ShortcutHelp({
  session,
  apple,
  onClose,
}: {
  session: SessionResponse
  apple: boolean
  onClose: () => void
}) {
  const palette = keyLabels(['$mod', 'k'], apple).labels.join(' ')
  return (
    <Dialog
      title="Keyboard shortcuts"
      description={`Keys act when you are not typing in a field; ${palette} opens the palette from a field too.`}
      onClose={onClose}
      className="max-w-3xl"
    >
      <div className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
        <ShortcutList heading="Anywhere" rows={SHORTCUTS.filter((s) => !s.inLists)} apple={apple} />
        <ShortcutList
          heading="In lists: calls, live, audit log, users"
          rows={SHORTCUTS.filter((s) => s.inLists)}
          apple={apple}
        />
        <ShortcutList
          heading="Go to a page"
          rows={pagesFor(session).map((page) => ({ keys: [GO_PREFIX, page.goKey], label: page.label }))}
          apple={apple}
        />
        <ShortcutList
          heading="In the palette and dialogs"
          rows={[
            { keys: ['↑'], label: 'Previous command' },
            { keys: ['↓'], label: 'Next command' },
            { keys: ['Enter'], label: 'Run the command' },
            { keys: ['Escape'], label: 'Close' },
          ]}
          apple={apple}
        />
      </div>
      <DialogActions>
        <Button autoFocus onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  )
}
