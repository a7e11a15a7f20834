import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { isApiError } from '@/api/client'
import { replaceSession, sessionQueries } from '@/api/session'
import { setUp, setUpQueries } from '@/api/set-up'
import { RevealedText } from '@/components/revealed-text'
import { Card } from '@/components/ui/card'
import { ErrorState } from '@/components/ui/error-state'
import { FormError } from '@/components/ui/form-error'
import { Skeleton } from '@/components/ui/skeleton'
import { LinkGone } from './link-gone'
import { SetUpForm } from './set-up-form'
import { setUpTokenFrom } from './set-up-token'

/** Where an invited person chooses their password and is signed in. */
export function SetUpPage() {
  // useRouterState rather than useLocation: it is in every page's first JavaScript, useLocation a chunk of its own.
  const token = setUpTokenFrom(useRouterState({ select: (state) => state.location.hash }))
  if (!token) return <LinkGone />
  return <SetUpWithToken token={token} />
}

function SetUpWithToken({ token }: { token: string }) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const signedInAs = useQuery(sessionQueries.current()).data?.user.email
  const link = useQuery(setUpQueries.link(token))
  const mutation = useMutation({
    mutationFn: (password: string) => setUp({ token, password }),
    onSuccess: async (session) => {
      // A new person in this tab: nothing of whoever was here before stays.
      replaceSession(queryClient, session)
      await router.navigate({ to: '/', replace: true })
    },
  })

  // A password the server refused is said at its field; anything else above the form.
  const failure =
    mutation.isError && !(isApiError(mutation.error) && mutation.error.fieldErrors.password)
      ? mutation.error.message
      : null

  if (link.isPending) return <Skeleton className="mx-auto mt-8 h-64 max-w-sm" />
  if (link.isError || (isApiError(mutation.error) && mutation.error.status === 410)) {
    if (isApiError(link.error) && link.error.status !== 410) {
      return <ErrorState title="Could not check the link" error={link.error} onRetry={() => void link.refetch()} />
    }
    return <LinkGone />
  }
  return (
    <div className="mx-auto max-w-sm space-y-6 py-8">
      <div>
        <h1 className="text-2xl font-semibold">Set up your account</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          You are invited as{' '}
          <strong>
            <RevealedText text={link.data.email} />
          </strong>
          , with the role {link.data.role}. Choose a password to sign in with.
        </p>
      </div>
      {signedInAs && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          This browser is signed in as <RevealedText text={signedInAs} />. Setting up signs it in as{' '}
          <RevealedText text={link.data.email} /> instead.
        </p>
      )}
      <Card>
        {failure && <FormError className="mb-4">{failure}</FormError>}
        <SetUpForm
          email={link.data.email}
          pending={mutation.isPending}
          error={mutation.error}
          onSubmit={(password) => mutation.mutate(password)}
        />
      </Card>
    </div>
  )
}
