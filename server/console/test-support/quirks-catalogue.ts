// The calls of the quirks upstream, newest first. The first few carry one quirk each, always, so a
// test opens the call it is about; the plain ones behind them make several pages of a list.
const PREFIX = '/api/v1/voice'

export interface QuirkCall {
  /** The call as the list shows it. */
  item: Record<string, unknown>
  detail: Record<string, unknown>
  status: Record<string, unknown>
  recordings: Record<string, unknown>
  /** Not in the list (a call only its id leads to). */
  unlisted?: boolean
}

/** The ids of the calls with a quirk, for tests to open. */
export const QUIRK_CALL_IDS = {
  /** null in billed_minutes, voicemail_drop, source, metadata, updated_at and recording_url. */
  nulls: 'call_q_nulls',
  /** 60 metadata keys, one value of 2,000 characters. */
  bigMetadata: 'call_q_big_metadata',
  /** Metadata values that are objects and arrays. */
  nestedMetadata: 'call_q_nested_metadata',
  /** Fields the spec does not list, in the list item, the detail and the status. */
  extraFields: 'call_q_extra_fields',
  /** A status the spec does not list (DIALER_VOICEMAIL), with a duration and billed minutes. */
  unknownStatus: 'call_q_unknown_status',
  /** duration_seconds as a string, and no caller_id. */
  badField: 'call_q_bad_field',
  /** A completed call whose recording is on the storage origin. */
  recorded: 'call_q_recorded',
  /** A call ringing for good (duration_seconds null). */
  ringing: 'call_q_ringing',
} as const

export const UNKNOWN_STATUS = 'DIALER_VOICEMAIL'
export const PLAIN_CALLS = 120
const MINUTE = 60_000

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

/** A call as a plain service reports it: ended 95 s after it was created when it has ended. */
export function plainCall(id: string, status: string, created: string): QuirkCall {
  const ended = iso(Date.parse(created) + 95_000)
  const finished = status === 'DIALER_COMPLETED' || status === 'DIALER_FAILED'
  const duration = status === 'DIALER_COMPLETED' ? 95 : status === 'DIALER_FAILED' ? 0 : null
  const common = {
    call_id: id,
    status,
    caller_id: '+14155550100',
    destination: '+442071838750',
    duration_seconds: duration,
  }
  return {
    item: { ...common, created_at: created },
    detail: {
      ...common,
      billed_minutes: status === 'DIALER_COMPLETED' ? 2 : 0,
      recording_url: null,
      voicemail_drop: false,
      source: 'API',
      metadata: { ticket: `T-${id.slice(-4)}` },
      created_at: created,
      updated_at: finished ? ended : created,
      links: {
        self: `${PREFIX}/calls/${id}`,
        status: `${PREFIX}/calls/${id}/status`,
        recordings: `${PREFIX}/calls/${id}/recordings`,
      },
    },
    status: {
      call_id: id,
      status,
      duration_seconds: duration,
      started_at: created,
      updated_at: finished ? ended : created,
    },
    recordings: { call_id: id, recordings: [] },
  }
}

export function quirkCatalogue(storageUrl: string, now: number): QuirkCall[] {
  let age = 0
  const call = (id: string, status: string, change: (c: QuirkCall) => void = () => {}): QuirkCall => {
    const c = plainCall(id, status, iso(now - ++age * 7 * MINUTE))
    change(c)
    return c
  }

  const ids = QUIRK_CALL_IDS
  const calls = [
    call(ids.ringing, 'DIALER_RINGING'),
    call(ids.nulls, 'DIALER_COMPLETED', (c) => {
      Object.assign(c.detail, {
        billed_minutes: null,
        voicemail_drop: null,
        source: null,
        metadata: null,
        updated_at: null,
      })
    }),
    call(ids.bigMetadata, 'DIALER_COMPLETED', (c) => {
      const metadata: Record<string, string> = {}
      for (let i = 0; i < 60; i++) metadata[`key_${String(i).padStart(2, '0')}`] = `value ${i}`
      metadata.transcript_summary = 'long '.repeat(400)
      c.detail.metadata = metadata
    }),
    call(ids.nestedMetadata, 'DIALER_COMPLETED', (c) => {
      c.detail.metadata = { customer: { id: 42, tier: 'gold' }, tags: ['vip', 'renewal'], note: 'nested' }
    }),
    call(ids.extraFields, 'DIALER_COMPLETED', (c) => {
      c.item.direction = 'outbound'
      Object.assign(c.detail, { direction: 'outbound', cost: { amount: 12, currency: 'USD' }, region: 'eu-west' })
      c.status.carrier = 'quirks-carrier'
    }),
    call(ids.unknownStatus, UNKNOWN_STATUS, (c) => {
      for (const part of [c.item, c.detail, c.status]) Object.assign(part, { duration_seconds: 42 })
      Object.assign(c.detail, { billed_minutes: 1, updated_at: c.status.started_at })
    }),
    call(ids.badField, 'DIALER_COMPLETED', (c) => {
      c.detail.duration_seconds = 'forty'
      delete c.detail.caller_id
    }),
    call(ids.recorded, 'DIALER_COMPLETED', (c) => {
      const url = `${storageUrl}/recordings/${ids.recorded}.wav?signature=quirks`
      c.detail.recording_url = url
      c.recordings = { call_id: ids.recorded, recordings: [{ url, format: 'wav', channels: 1, duration_seconds: 3 }] }
    }),
  ]
  for (let i = 1; i <= PLAIN_CALLS; i++) {
    calls.push(call(`call_q_plain_${String(i).padStart(4, '0')}`, i % 9 === 0 ? 'DIALER_FAILED' : 'DIALER_COMPLETED'))
  }
  return calls
}
