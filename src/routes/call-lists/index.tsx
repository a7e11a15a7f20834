import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { RouteError } from '@/components/route-error'
import { CallListsPage } from '@/features/call-lists/call-lists-page'
import { worksCallLists } from '@/features/call-lists/who-works-lists'

export const Route = createFileRoute('/call-lists/')({
  // The people who place calls work lists, managers import them: either may open the page.
  beforeLoad: ({ context }) => {
    if (!worksCallLists(context.session)) requirePermission(context.session, 'calls:create')
  },
  head: () => ({ meta: [{ title: 'Call lists' }] }),
  errorComponent: RouteError,
  component: CallListsPage,
})
