// Browser notifications for a person's own calls, opt in. Every tab of the dashboard hears the same
// event, so one tab at a time is the notifier: the holder of a Web Lock, which passes to another tab
// when it closes. The notification's tag names the call as well, so a browser without Web Locks
// still shows one notification per call, not one per tab.
import type { CallEndedNotice } from './call-ended-notice'

const LOCK = 'voice-dashboard:notifier'
const preferenceKey = (userId: string) => `voice-dashboard:browser-notifications:${userId}`

export const browserNotificationsSupported = () => typeof Notification !== 'undefined'

export function browserNotificationsWanted(userId: string): boolean {
  try {
    return localStorage.getItem(preferenceKey(userId)) === 'on'
  } catch {
    return false
  }
}

export function setBrowserNotificationsWanted(userId: string, wanted: boolean) {
  try {
    if (wanted) localStorage.setItem(preferenceKey(userId), 'on')
    else localStorage.removeItem(preferenceKey(userId))
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

let notifier = typeof navigator === 'undefined' || !('locks' in navigator)

/** Queues this tab for the notifier's lock; it holds it until the tab closes. */
export function joinNotifierElection(): void {
  if (notifier) return
  void navigator.locks.request(LOCK, () => {
    notifier = true
    return new Promise<never>(() => {})
  })
}

export function notifyInBrowser(userId: string, notice: CallEndedNotice, open: (callId: string) => void) {
  if (!notifier || !browserNotificationsSupported() || Notification.permission !== 'granted') return
  if (!browserNotificationsWanted(userId)) return
  const notification = new Notification(notice.title, { body: notice.body, tag: `call-ended-${notice.callId}` })
  notification.onclick = () => {
    window.focus()
    open(notice.callId)
    notification.close()
  }
}
