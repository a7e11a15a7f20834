import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import type { SessionResponse } from '@/api/console-schemas'
import { replaceSession, signOut } from '@/api/session'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'

/** Who is signed in, as which role, and the way out. */
export function UserMenu({ session }: { session: SessionResponse }) {
  const queryClient = useQueryClient()
  const router = useRouter()
  const mutation = useMutation({
    mutationFn: signOut,
    meta: { handlesUnauthorized: true },
    // Signed out on the server or already gone there: either way, nothing of theirs stays in this tab.
    onSettled: async () => {
      replaceSession(queryClient, null)
      await router.navigate({ to: '/sign-in', replace: true })
    },
  })
  return (
    <section aria-label="Signed in" className="flex items-center gap-2 text-xs">
      <span className="text-slate-700 dark:text-slate-300">{session.user.email}</span>
      <Badge tone="neutral">{session.user.role}</Badge>
      <Button variant="secondary" size="xs" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
        Sign out
      </Button>
    </section>
  )
}
