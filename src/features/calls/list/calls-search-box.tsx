import { MIN_TERM_LENGTH, tooShortTerms } from '@/api/contract/call-query'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { listSearchField } from '@/lib/list-row'
import { useDebouncedParam } from './use-debounced-param'

const SHORT_TERMS_ID = 'calls-search-short'

/**
 * The calls page's search box: results follow the typing; Enter searches at once. A term too short to
 * search is said so under the box as it is typed (the list searches without it: the console refuses it).
 */
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
  const short = disabled ? [] : tooShortTerms(text)
  // Short, beside the box: the console's refusal (shortTermsError) says more, for those who call it.
  const tooShort =
    short.length > 0 &&
    `${short.map((term) => `“${term}”`).join(', ')} ${short.length === 1 ? 'is' : 'are'} too short to search (${MIN_TERM_LENGTH} characters or more) and left out.`
  return (
    <div className="min-w-60 flex-1 sm:max-w-md">
      <Label size="sm" className="block">
        Search
        <Input
          type="search"
          {...listSearchField}
          className="mt-1 block w-full"
          value={text}
          disabled={disabled}
          placeholder="415 555, T-1234 or ticket:T-1234"
          aria-describedby={[SHORT_TERMS_ID, describedBy].filter(Boolean).join(' ')}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') applyNow(text)
          }}
        />
      </Label>
      {/* Always in the page, so a screen reader announces the sentence when it appears. */}
      <p id={SHORT_TERMS_ID} role="status" className="mt-1 text-xs text-amber-800 empty:mt-0 dark:text-amber-300">
        {tooShort}
      </p>
    </div>
  )
}
