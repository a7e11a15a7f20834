// Calls put into the call index through the store's own writes, as the sync would: listed, then (unless
// the call's details are still to come) detailed. For tests of search and export that need no upstream.
import type { CallDetail, Metadata } from '../../../src/api/contract/schemas'
import type { ConsoleStore } from '../store'

export interface TestCall {
  call_id: string
  created_at: string
  status?: CallDetail['status']
  caller_id?: string
  destination?: string
  duration_seconds?: number | null
  /** Null: only listed, no details yet. */
  metadata?: Metadata | null
  recording?: boolean
  voicemail_drop?: boolean
  /** A user id: placed through this console by them. */
  owner?: string
}

export async function indexCalls(store: ConsoleStore, calls: readonly TestCall[]): Promise<void> {
  for (const call of calls) {
    const listed = {
      call_id: call.call_id,
      status: call.status ?? 'DIALER_COMPLETED',
      caller_id: call.caller_id ?? '+14155550100',
      destination: call.destination ?? '+442071838750',
      duration_seconds: call.duration_seconds === undefined ? 42 : call.duration_seconds,
      created_at: call.created_at,
    }
    await store.callIndex.upsertListed([listed])
    if (call.metadata !== null)
      await store.callIndex.writeDetail(
        {
          ...listed,
          billed_minutes: Math.ceil((listed.duration_seconds ?? 0) / 60),
          recording_url: call.recording ? `https://storage.example/${call.call_id}.wav` : null,
          voicemail_drop: call.voicemail_drop ?? false,
          source: 'API',
          metadata: call.metadata ?? {},
          updated_at: new Date(Date.parse(call.created_at) + 60_000).toISOString(),
          links: { self: '', status: '', recordings: '' },
        },
        Date.parse(call.created_at) + 120_000,
      )
    if (call.owner) await store.callOwners.record(call.call_id, call.owner, Date.parse(call.created_at))
  }
}

/** `count` calls only listed (no details yet), a second apart from `from`, in one transaction. */
export async function indexListedCalls(store: ConsoleStore, count: number, from = Date.parse('2026-11-01T00:00:00Z')) {
  const calls = Array.from({ length: count }, (_, i) => ({
    call_id: `call_${String(i).padStart(8, '0')}`,
    status: 'DIALER_COMPLETED' as const,
    caller_id: '+14155550100',
    destination: `+1415555${String(i % 10_000).padStart(4, '0')}`,
    duration_seconds: i % 300,
    created_at: new Date(from + i * 1000).toISOString(),
  }))
  await store.callIndex.upsertListed(calls)
}
