import { useId, useState } from 'react'
import { cn } from '@/lib/cn'
import {
  browserNotificationsSupported,
  browserNotificationsWanted,
  setBrowserNotificationsWanted,
} from './browser-notifications'

/** The opt-in for browser notifications when one of my calls ends; asks the browser's permission on first use. */
export default function NotificationsToggle({ userId }: { userId: string }) {
  const hintId = useId()
  const supported = browserNotificationsSupported()
  const [permission, setPermission] = useState(() => (supported ? Notification.permission : 'denied'))
  const [wanted, setWanted] = useState(() => browserNotificationsWanted(userId))
  const on = wanted && permission === 'granted'

  async function toggle() {
    if (on) {
      setBrowserNotificationsWanted(userId, false)
      return setWanted(false)
    }
    const answer = permission === 'granted' ? 'granted' : await Notification.requestPermission()
    setPermission(answer)
    setBrowserNotificationsWanted(userId, answer === 'granted')
    setWanted(answer === 'granted')
  }

  const hint = !supported
    ? 'This browser cannot show notifications.'
    : permission === 'denied'
      ? 'Notifications are blocked for this site in the browser’s settings.'
      : 'When a call you placed ends or fails, even while you work in another tab.'
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-3">
        <span id={`${hintId}-label`} className="font-medium">
          Browser notifications
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={`${hintId}-label`}
          aria-describedby={hintId}
          disabled={!supported || permission === 'denied'}
          onClick={() => void toggle()}
          className={cn(
            'relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-50',
            on ? 'bg-blue-600' : 'bg-slate-300 dark:bg-slate-700',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform',
              on && 'translate-x-4',
            )}
          />
        </button>
      </div>
      {/* Two lines whatever the hint: the user menu keeps the same room for it while this loads. */}
      <p id={hintId} className="min-h-8 text-slate-600 dark:text-slate-400">
        {hint}
      </p>
    </div>
  )
}
