import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { RouteError } from '@/components/route-error'
import { LiveBoardPage } from '@/features/live/live-board-page'
import { liveSearchSchema } from '@/features/live/live-search'

export const Route = createFileRoute('/live')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'calls:read'),
  validateSearch: liveSearchSchema,
  head: () => ({ meta: [{ title: 'Live calls' }] }),
  errorComponent: RouteError,
  component: LiveBoardPage,
})
