import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

/**
 * After a navigation to another page, focus goes to that page's heading, as it would after a page
 * load with a screen reader: the person hears where they are, and Tab continues from there. A change
 * of search params only (filters, paging) is not a new page, and the first load keeps the browser's focus.
 */
export function useHeadingFocusOnNavigation() {
  const router = useRouter()
  useEffect(
    () =>
      router.subscribe('onResolved', ({ fromLocation, toLocation, pathChanged }) => {
        if (!fromLocation || !pathChanged || toLocation.hash) return
        // After the new page has painted its heading.
        requestAnimationFrame(() => {
          const heading = document.querySelector<HTMLElement>('main h1')
          // A control the new page focused itself (a form's first field, say) keeps the focus.
          const active = document.activeElement
          if (!heading || (active && active !== document.body && !active.closest('header'))) return
          if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
          heading.focus()
        })
      }),
    [router],
  )
}
