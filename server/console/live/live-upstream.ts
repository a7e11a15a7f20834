// The hub's own requests to the voice API, with the server's key (it never reaches a browser):
// a call's status and pages of the call list, each answer parsed against the contract.
import {
  type CallStatus,
  type CallStatusResponse,
  callStatusResponse,
  type ListCallsResponse,
  listCallsResponse,
} from '../../../src/api/contract/schemas'
import { createUpstreamGet, type UpstreamAnswer, type UpstreamOptions } from '../proxy/upstream-get'

export interface LiveUpstream {
  callStatus(callId: string): Promise<UpstreamAnswer<CallStatusResponse>>
  /** A page of calls in one status created since `fromDate`, newest first; the first page without a cursor. */
  callsIn(status: CallStatus, fromDate: Date, cursor?: string | null): Promise<UpstreamAnswer<ListCallsResponse>>
  /** Aborts every request under way (the console is closing). */
  close(): void
}

// The spec's largest limit: the fewest requests for a count of many calls.
const LIST_PAGE = 100

export function createLiveUpstream(options: UpstreamOptions): LiveUpstream {
  const { get, close } = createUpstreamGet(options)
  return {
    callStatus: (callId) => get(`/calls/${encodeURIComponent(callId)}/status`, callStatusResponse),
    callsIn: (status, fromDate, cursor) => {
      const query = new URLSearchParams({ status, from_date: fromDate.toISOString(), limit: String(LIST_PAGE) })
      if (cursor) query.set('cursor', cursor)
      return get(`/calls?${query}`, listCallsResponse)
    },
    close,
  }
}
