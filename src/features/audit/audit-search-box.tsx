import { useEffect, useRef, useState } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { listSearchField } from '@/lib/list-row'

/** Long enough to finish a call id or a number; short enough that the entries follow the typing. */
const TYPING_PAUSE_MS = 300

/**
 * The Audit log's search: the field holds what is typed, the URL what was applied, after a pause or at
 * Enter. A change of the URL elsewhere ("Clear filters", Back) puts its text in the field.
 */
export function AuditSearchBox({
  searched,
  onSearch,
}: {
  searched: string | undefined
  onSearch: (q?: string) => void
}) {
  const [text, setText] = useState(searched ?? '')
  const sent = useRef(searched ?? '')
  const apply = (typed: string) => {
    sent.current = typed.trim()
    onSearch(typed.trim() || undefined)
  }
  const applyRef = useRef(apply)
  applyRef.current = apply

  useEffect(() => {
    if ((searched ?? '') === sent.current) return
    sent.current = searched ?? ''
    setText(searched ?? '')
  }, [searched])
  useEffect(() => {
    if (text.trim() === sent.current) return
    const timer = setTimeout(() => applyRef.current(text), TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [text])

  return (
    <Label size="sm" className="min-w-56 flex-1 sm:max-w-sm">
      Search
      <Input
        type="search"
        {...listSearchField}
        className="mt-1 block w-full"
        value={text}
        placeholder="Call ID, number, email or action"
        aria-describedby="audit-search-hint"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply(text)
        }}
      />
    </Label>
  )
}
