import { useEffect, useState } from 'react'
import type { SetupResponse } from '@/api/contract/console-schemas'
import type { SignInBody } from '@/api/contract/sign-in-schemas'
import { fetchSetup, signIn } from '@/api/sign-in'
import { signInSearch } from '@/features/sign-in/sign-in-search'
import { SignInSections } from '@/features/sign-in/sign-in-sections'
import { useSignedInElsewhere } from '@/features/sign-in/use-signed-in-elsewhere'
import { cn } from '@/lib/cn'
import { safeRedirect } from '@/lib/safe-redirect'
import { pageWidth } from '@/shell/page-width'
import { SignedOutHeader } from '@/shell/signed-out-header'
import { SkipLink } from '@/shell/skip-link'

type Setup = { data: SetupResponse | undefined; isError: boolean }

/** Where the page was asked to send the person after signing in, and why an SSO sign-in came back refused. */
function readSearch(location: Location) {
  const search = signInSearch.parse(Object.fromEntries(new URLSearchParams(location.search)))
  return { next: safeRedirect(search.redirect, location.origin), ssoError: search.sso_error }
}

/**
 * The sign-in page of a cold /sign-in: the same sections as the dashboard's (SignInSections), with React alone.
 * Signed in, the browser goes on to the page first asked for, which loads the dashboard.
 */
export function SignInDocument({ location = window.location }: { location?: Location }) {
  const [{ next, ssoError }] = useState(() => readSearch(location))
  const [setup, setSetup] = useState<Setup>({ data: undefined, isError: false })
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(null)
  // Signed in from another tab meanwhile: on to the page asked for, as after signing in here.
  const announceSignIn = useSignedInElsewhere(() => location.replace(next))

  useEffect(() => {
    const controller = new AbortController()
    fetchSetup(controller.signal).then(
      (data) => setSetup({ data, isError: false }),
      () => !controller.signal.aborted && setSetup({ data: undefined, isError: true }),
    )
    return () => controller.abort()
  }, [])

  const onSignIn = (body: SignInBody) => {
    if (pending) return
    setPending(true)
    setError(null)
    signIn(body).then(
      // Pending until the next page has loaded: the form stays disabled, so it is sent once.
      () => {
        announceSignIn()
        location.replace(next)
      },
      (failure: unknown) => {
        setError(failure)
        setPending(false)
      },
    )
  }

  return (
    <div className="min-h-screen bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <SignedOutHeader />
      <main id="main" className={cn(pageWidth(false), 'py-6')}>
        <SignInSections
          setup={setup}
          redirect={next}
          ssoError={ssoError}
          pending={pending}
          error={error}
          onSignIn={onSignIn}
        />
      </main>
    </div>
  )
}
