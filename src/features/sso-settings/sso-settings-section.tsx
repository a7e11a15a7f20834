import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

// Loaded when opened: the Users page's first load carries only this section's heading and button.
const SsoSettingsPanel = lazy(() =>
  import('./sso-settings-panel').then(({ SsoSettingsPanel }) => ({ default: SsoSettingsPanel })),
)

/** Single sign-on on the Users page (issue 53, item 7): who may sign in with the team's own provider. */
export function SsoSettingsSection() {
  const [open, setOpen] = useState(false)
  return (
    <Card aria-labelledby="sso-title">
      <CardTitle id="sso-title">Single sign-on</CardTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Let people sign in with your OpenID Connect provider (Okta, Microsoft Entra ID, Keycloak, Google…): only emails
        of the domains you allow get in, with the role their groups map to.
      </p>
      <Button
        className="mt-3"
        variant="secondary"
        aria-expanded={open}
        aria-controls="sso-settings"
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide the single sign-on settings' : 'Single sign-on settings'}
      </Button>
      <div id="sso-settings" className="mt-4">
        {open && (
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <SsoSettingsPanel />
          </Suspense>
        )}
      </div>
    </Card>
  )
}
