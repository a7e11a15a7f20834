import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { ScorecardsPage } from '@/features/scoring/scorecards-page'

// No loader, as for /do-not-call: its queries imported statically would weigh on every page's first load.
// Admins keep the scorecards (issue 53, item 6); the page is in their menu, the header's row having no room.
export const Route = createFileRoute('/scorecards')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'scorecards:manage'),
  head: () => ({ meta: [{ title: 'Scorecards' }] }),
  component: ScorecardsPage,
})
