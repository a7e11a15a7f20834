import { useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { revealHidden } from '@/lib/hidden-characters'

export const APP_NAME = 'Voice Dashboard'

/** Sets document.title from the deepest route's `head` title, e.g. "Calls · Voice Dashboard". */
export function DocumentTitle({ override }: { override?: string }) {
  const routeTitle = useRouterState({
    select: (state) => {
      for (const match of [...state.matches].reverse()) {
        const title = match.meta?.find((m) => m && 'title' in m && m.title)?.title
        if (title) return title
      }
      return undefined
    },
  })
  // A title can hold what a link put in the URL (a call ID): its hidden characters are shown as their tokens.
  const title = revealHidden(override ?? routeTitle ?? '')
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME
  }, [title])
  return null
}
