import { useRouter } from '@tanstack/react-router'
import type { MouseEvent } from 'react'

const INTERACTIVE = 'a, button, input, select, textarea, summary, [role="button"]'

/**
 * A whole table row that opens a call on a pointer click, while the keyboard uses the real link
 * in the row. A stretched link would need the row as its containing block, which WebKit does not
 * give a <tr>: there every row's overlay covered the whole page.
 */
export function useRowLink() {
  const router = useRouter()
  return (callId: string) => ({
    onClick(event: MouseEvent<HTMLElement>) {
      const target = event.target as Element
      // Controls in the row keep their own click; selecting text to copy it is not a click on the row.
      if (event.defaultPrevented || target.closest(INTERACTIVE)) return
      if (window.getSelection()?.toString()) return
      const href = router.buildLocation({ to: '/calls/$callId', params: { callId } }).href
      if (event.metaKey || event.ctrlKey || event.shiftKey) window.open(href, '_blank', 'noopener')
      else void router.navigate({ to: '/calls/$callId', params: { callId } })
    },
  })
}
