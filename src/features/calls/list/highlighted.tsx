import { Revealed } from '@/components/revealed-text'
import type { Ranges } from './search-matches'

/**
 * Text with the parts a search matched marked, in a bidi isolate with its hidden characters shown (it is the
 * service's); a screen reader reads it as plain text.
 */
export function Highlighted({ text, ranges }: { text: string; ranges: Ranges }) {
  if (ranges.length === 0)
    return (
      <bdi>
        <Revealed text={text} />
      </bdi>
    )
  const parts = []
  let at = 0
  for (const [start, end] of ranges) {
    if (start > at) parts.push(<Revealed key={`${at}-`} text={text.slice(at, start)} />)
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-200 px-px text-inherit dark:bg-amber-500/40">
        <Revealed text={text.slice(start, end)} />
      </mark>,
    )
    at = end
  }
  if (at < text.length) parts.push(<Revealed key={`${at}-`} text={text.slice(at)} />)
  return <bdi>{parts}</bdi>
}
