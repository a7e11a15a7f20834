import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { replaceSession, signOut } from '@/api/session'

/** Signing out, from the user menu or the command palette: the same steps from both. */
export function useSignOut() {
  const queryClient = useQueryClient()
  const router = useRouter()
  return useMutation({
    mutationFn: signOut,
    meta: { handlesUnauthorized: true },
    // Signed out on the server or already gone there: either way, nothing of theirs stays in this tab.
    onSettled: async () => {
      replaceSession(queryClient, null)
      await router.navigate({ to: '/sign-in', replace: true })
    },
  })
}
