import type { Ranges } from './search-matches'

/** Text with the parts a search matched marked; a screen reader reads it as plain text. */
export function Highlighted({ text, ranges }: { text: string; ranges: Ranges }) {
  if (ranges.length === 0) return text
  const parts = []
  let at = 0
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start))
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-200 px-px text-inherit dark:bg-amber-500/40">
        {text.slice(start, end)}
      </mark>,
    )
    at = end
  }
  if (at < text.length) parts.push(text.slice(at))
  return <>{parts}</>
}
