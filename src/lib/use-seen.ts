import { useEffect, useRef, useState } from 'react'

/** How far below the fold a box counts as seen, so a chart is drawn just before it scrolls in, not as it does. */
const AHEAD = '200px'

/**
 * Whether the box has come near the viewport yet; once true it stays true. What is drawn only when seen costs
 * nothing on a page's first render (charts below the fold, issue 54). Without IntersectionObserver (jsdom), and
 * before printing, everything counts as seen.
 */
export function useSeen<Box extends Element>() {
  const box = useRef<Box>(null)
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined')

  useEffect(() => {
    const element = box.current
    if (seen || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
      },
      { rootMargin: `0px 0px ${AHEAD} 0px` },
    )
    observer.observe(element)
    const onPrint = () => setSeen(true)
    window.addEventListener('beforeprint', onPrint)
    return () => {
      observer.disconnect()
      window.removeEventListener('beforeprint', onPrint)
    }
  }, [seen])

  return [box, seen] as const
}
