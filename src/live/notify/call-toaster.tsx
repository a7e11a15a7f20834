// Tells a person their call ended: a toast in this page (sonner: an aria-live region, paused on hover
// and focus, dismissible by keyboard) and, when they opted in, a browser notification from one tab.
// Loaded on the first ending; see notice-queue.ts.
import { Link, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Toaster, toast } from 'sonner'
import { notifyInBrowser } from './browser-notifications'
import { callEndedNotice } from './call-ended-notice'
import { takeEndings } from './notice-queue'

export default function CallToaster({ userId }: { userId: string }) {
  const router = useRouter()
  useEffect(
    () =>
      takeEndings(({ entry, toast: inPage }) => {
        const notice = callEndedNotice(entry)
        notifyInBrowser(userId, notice, (callId) => void router.navigate({ to: '/calls/$callId', params: { callId } }))
        if (!inPage) return
        const show = notice.failed ? toast.error : toast.success
        show(notice.title, {
          id: `call-ended-${notice.callId}`,
          duration: 10_000,
          description: (
            <>
              {notice.body}{' '}
              <Link to="/calls/$callId" params={{ callId: notice.callId }} className="font-medium underline">
                View call
              </Link>
            </>
          ),
        })
      }),
    [userId, router],
  )
  // The house's colours rather than sonner's: its own grey description falls short of WCAG AA contrast.
  return (
    <Toaster
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast:
            'bg-white! text-slate-900! border-slate-300! dark:bg-slate-900! dark:text-slate-100! dark:border-slate-700!',
          description: 'text-slate-700! dark:text-slate-300!',
        },
      }}
    />
  )
}
