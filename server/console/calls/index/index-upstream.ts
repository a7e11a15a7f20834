// The call index's own requests to the voice API (its key, its budget): pages of the call list, a call's
// detail, and the account's contract start (the earliest a call can be, for the backfill's estimate).
import * as z from 'zod/mini'
import {
  account,
  type CallDetail,
  type CallStatus,
  callDetail,
  type ListCallsResponse,
  listCallsResponse,
} from '../../../../src/api/contract/schemas'
import { createUpstreamGet, type UpstreamAnswer, type UpstreamOptions } from '../../proxy/upstream-get'

interface ListQuery {
  status?: CallStatus
  /** Epoch ms; inclusive. */
  fromMs?: number
  /** Epoch ms; exclusive. */
  toMs?: number
  cursor?: string | null
  limit: number
}

export interface IndexUpstream {
  listCalls(query: ListQuery): Promise<UpstreamAnswer<ListCallsResponse>>
  callDetail(callId: string): Promise<UpstreamAnswer<CallDetail>>
  contractStart(): Promise<UpstreamAnswer<{ contract_start?: string | null }>>
  /** Aborts every request under way (the console is closing). */
  close(): void
}

const contract = z.pick(account, { contract_start: true })

export function createIndexUpstream(options: UpstreamOptions): IndexUpstream {
  const { get, close } = createUpstreamGet(options)
  return {
    listCalls: (query) => {
      const params = new URLSearchParams({ limit: String(query.limit) })
      if (query.status) params.set('status', query.status)
      if (query.fromMs !== undefined) params.set('from_date', new Date(query.fromMs).toISOString())
      if (query.toMs !== undefined) params.set('to_date', new Date(query.toMs).toISOString())
      if (query.cursor) params.set('cursor', query.cursor)
      return get(`/calls?${params}`, listCallsResponse)
    },
    callDetail: (callId) => get(`/calls/${encodeURIComponent(callId)}`, callDetail),
    contractStart: () => get('/account', contract),
    close,
  }
}

/** The upstream answered, but not with what the contract says: asking again would get the same. */
export const answeredUnreadable = (reason: string) => /^answered 2\d\d$/.test(reason)
