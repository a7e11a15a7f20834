// The marked tokens of a text's hidden characters, each named: loaded (with the names) only for a text that holds
// one, which is rare, so that the pages' first loads do not carry them.
import { hiddenCharacterName, splitHidden } from '@/lib/hidden-character-parts'
import { hiddenToken } from '@/lib/hidden-characters'

export default function HiddenTokens({ text }: { text: string }) {
  return splitHidden(text).map((part, index) => {
    if (typeof part === 'string') return part
    const token = hiddenToken(part)
    const label = `Hidden character ${token.slice(1, -1)}: ${hiddenCharacterName(part)}`
    return (
      <span
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in their order.
        key={index}
        role="img"
        aria-label={label}
        title={label}
        dir="ltr"
        className="mx-px rounded-sm bg-rose-100 px-0.5 font-mono text-[0.8em] text-rose-900 ring-1 ring-rose-300 ring-inset dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-800"
      >
        {token}
      </span>
    )
  })
}
