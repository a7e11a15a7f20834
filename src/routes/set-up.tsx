import { createFileRoute } from '@tanstack/react-router'
import { SetUpPage } from '@/features/set-up/set-up-page'

// Public: the invited person has no session yet. The token is in the fragment, read by the page.
export const Route = createFileRoute('/set-up')({
  head: () => ({ meta: [{ title: 'Set up your account' }] }),
  component: SetUpPage,
})
