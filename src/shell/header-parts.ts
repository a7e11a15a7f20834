// The header's parts that answer on their own (the account, alerts' banner, the voice service's line), read
// beside the page's own data. They then show with the page instead of arriving after it and pushing it down
// (Lighthouse counted that layout shift on every page of an admin while an alert fired). Never for long: a slow
// answer is left to arrive as before, and a failed one is shown by the part itself.
import type { QueryClient } from '@tanstack/react-query'
import { accountQueries } from '@/api/account'
import type { SessionResponse } from '@/api/contract/console-schemas'
import { can, sessionQueries } from '@/api/session'
import { preloadable } from '@/lib/preloadable'

/** How long a page waits for the header's parts at most. */
const HEADER_WAIT_MS = 600

/** The header's parts that load on their own chunk, once here and rendered at once (app-header.tsx). */
export const alertNoticesPart = preloadable(() => import('@/features/alerts/notices/alert-notices'))
export const upstreamBannerPart = preloadable(() => import('./upstream-banner'))
export const dueCallbacksPart = preloadable(() => import('@/features/callbacks/due-now/due-now'))

export async function preloadHeaderParts(queryClient: QueryClient, session: SessionResponse | null): Promise<void> {
  if (!session) return
  const parts: Promise<unknown>[] = []
  if (can(session, 'account:read')) parts.push(queryClient.ensureQueryData(accountQueries.detail()))
  if (can(session, 'users:manage'))
    parts.push(upstreamBannerPart.load(), queryClient.ensureQueryData(sessionQueries.upstream()))
  if (can(session, 'alerts:manage')) parts.push(alertNoticesPart.load().then((module) => module.preload(queryClient)))
  const settled = Promise.allSettled(parts)
  await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, HEADER_WAIT_MS))])
}
