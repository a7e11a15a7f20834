import { useQuery } from '@tanstack/react-query'
import { ssoSettingsQueries } from '@/api/sso-settings'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { EnvironmentSettings } from './environment-settings'
import { SsoSettingsForm } from './sso-settings-form'

/** The setting itself, loaded when an admin opens the section: the redirect URL to register, then the provider. */
export function SsoSettingsPanel() {
  const settings = useQuery(ssoSettingsQueries.current())
  if (settings.isPending) return <Skeleton className="h-64 w-full" />
  if (settings.isError)
    return (
      <ErrorState
        title="Could not load the single sign-on settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    )
  return (
    <div className="space-y-4">
      <div>
        <p className="text-sm">Register the console at the provider as a web application with this redirect URL:</p>
        <p className="mt-2">
          <code className="break-all rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800">
            {settings.data.callbackUrl}
          </code>
        </p>
      </div>
      {settings.data.source === 'environment' ? (
        <EnvironmentSettings settings={settings.data} />
      ) : (
        <SsoSettingsForm settings={settings.data} />
      )}
    </div>
  )
}
