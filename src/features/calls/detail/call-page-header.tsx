import { Link } from '@tanstack/react-router'
import type { Ref } from 'react'
import type { CallDetailView } from '@/api/call-detail-read'
import { CopyButton } from '@/components/ui/copy-button'
import { usePhoneFormat } from '@/lib/phone-format'
import { listReturnSearch } from '../shared/list-return'

/** Back to the list, who was called (the heading that takes the focus after placing a call), and the call ID. */
export function CallPageHeader({ call, headingRef }: { call: CallDetailView; headingRef: Ref<HTMLHeadingElement> }) {
  const formatPhone = usePhoneFormat()
  return (
    <div>
      <p className="text-sm">
        <Link to="/calls" search={listReturnSearch()} className="text-indigo-700 hover:underline dark:text-indigo-300">
          ← All calls
        </Link>
      </p>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-1 text-2xl font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        {call.destination ? `Call to ${formatPhone(call.destination)}` : 'Call to a number not given by the service'}
      </h1>
      <p className="mt-1 flex flex-wrap items-center gap-x-1 text-sm text-slate-600 dark:text-slate-400">
        <span>From {call.caller_id ? formatPhone(call.caller_id) : 'a caller ID not given by the service'} ·</span>
        <code className="font-mono text-xs break-all">{call.call_id}</code>
        <CopyButton value={call.call_id} label="Copy call ID" variant="ghost" size="xs" />
      </p>
    </div>
  )
}
