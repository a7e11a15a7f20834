import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useDebouncedParam } from './use-debounced-param'

/** The calls page's search box: results follow the typing; Enter searches at once. */
export function CallsSearchBox({
  searched,
  onSearch,
  disabled,
  describedBy,
}: {
  searched: string | undefined
  onSearch: (q: string | undefined) => void
  disabled?: boolean
  describedBy?: string
}) {
  const { text, setText, applyNow } = useDebouncedParam(searched ?? '', (typed) =>
    onSearch(typed.trim() ? typed : undefined),
  )
  return (
    <Label size="sm" className="min-w-60 flex-1 sm:max-w-md">
      Search
      <Input
        type="search"
        className="mt-1 block w-full"
        value={text}
        disabled={disabled}
        placeholder="415 555, T-1234 or ticket:T-1234"
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') applyNow(text)
        }}
      />
    </Label>
  )
}
