import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '@/api/session'
import { DoNotCallPage } from '@/features/do-not-call/do-not-call-page'

// No loader, as for /integrations: its queries imported statically would weigh on every page's first load.
// Every role reads the list; the admin header has no room for it (e2e/header.spec.ts), so it is in their menu.
export const Route = createFileRoute('/do-not-call')({
  // The search is in the address, to be shared and kept by a reload: what was typed (the page reads its digits).
  // A plain function, not a schema: the route tree is in every page's first load.
  // A link written by hand (`?q=4155550123`) reads as a number: taken as text, as anything else (the page searches
  // the digits in it; text without any lists every number).
  validateSearch: ({ q }: Record<string, unknown>): { q?: string } => (q == null ? {} : { q: `${q}` }),
  beforeLoad: ({ context }) => requirePermission(context.session, 'do-not-call:read'),
  head: () => ({ meta: [{ title: 'Do not call' }] }),
  component: DoNotCallPage,
})
