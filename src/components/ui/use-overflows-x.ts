import { type RefObject, useEffect, useState } from 'react'

/** Whether the element's content is wider than the element, kept true to its size and its content's. */
export function useOverflowsX(ref: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [overflows, setOverflows] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!enabled || !element || typeof ResizeObserver === 'undefined') return
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1)
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    // The table inside grows as rows come and go; the frame alone may keep its size.
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    // No measure() here: the observer reports each element once as it starts, after the browser's own layout,
    // where reading scrollWidth now would force a layout of the whole page in the middle of its first render.
    return () => observer.disconnect()
  }, [ref, enabled])
  return overflows
}
