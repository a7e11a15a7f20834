import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { RouteError } from '@/components/route-error'
import { LiveBoardPage } from '@/features/live/board/live-board-page'
import { liveSearchSchema } from '@/features/live/board/live-search'

export const Route = createFileRoute('/live')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'calls:read'),
  validateSearch: liveSearchSchema,
  head: () => ({ meta: [{ title: 'Live calls' }] }),
  errorComponent: RouteError,
  component: LiveBoardPage,
})
