import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { ErasurePage } from '@/features/erasure/erasure-page'

// Linked from the Users page, as the outcome list is: the admin header has no room at 1280 px (e2e/header.spec.ts).
export const Route = createFileRoute('/erasures')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'erasures:manage'),
  head: () => ({ meta: [{ title: 'Erasure' }] }),
  component: ErasurePage,
})
