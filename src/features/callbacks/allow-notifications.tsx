import { useState } from 'react'
import { Button } from '@/components/ui/button'

const supported = () => typeof Notification !== 'undefined'

/** The browser's permission for callbacks' notifications; without it a due callback shows as a toast in the page. */
export function AllowNotifications() {
  const [permission, setPermission] = useState(() => (supported() ? Notification.permission : 'denied'))
  if (permission === 'granted')
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">A callback that comes due shows as a notification.</p>
    )
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <p className="text-slate-600 dark:text-slate-400">
        {permission === 'denied'
          ? 'Notifications are blocked for this site: a callback that comes due shows in the page.'
          : 'A callback that comes due shows in the page; allow notifications to hear of it in another tab or app.'}
      </p>
      {permission === 'default' && (
        <Button size="sm" variant="secondary" onClick={() => void Notification.requestPermission().then(setPermission)}>
          Allow notifications
        </Button>
      )}
    </div>
  )
}
