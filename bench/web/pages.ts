// The four pages the benchmark audits (issue 26 asks for Lighthouse on each). The call page is a seeded call with a recording,
// the heaviest kind (waveform player and audio), found through the console with the session.
import { API_PREFIX, type CallDetail, type ListCallsResponse } from '../../src/api/contract/schemas'
import type { BenchSession } from '../console'

export interface BenchPage {
  name: string
  url: string
}

async function json<T>(url: string, session: BenchSession): Promise<T> {
  const response = await fetch(url, { headers: { cookie: session.cookie } })
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

async function recordedCall(appUrl: string, session: BenchSession): Promise<CallDetail> {
  const api = `${appUrl}${API_PREFIX}`
  const list = await json<ListCallsResponse>(`${api}/calls?status=DIALER_COMPLETED&limit=50`, session)
  for (const call of list.calls) {
    const detail = await json<CallDetail>(`${api}/calls/${call.call_id}`, session)
    if (detail.recording_url) return detail
  }
  throw new Error('None of the 50 newest completed calls has a recording')
}

export async function benchPages(appUrl: string, session: BenchSession): Promise<BenchPage[]> {
  const call = await recordedCall(appUrl, session)
  return [
    { name: '/calls', url: `${appUrl}/calls` },
    // The recording's length is named because the player's work grows with it.
    { name: `call page (${call.duration_seconds} s recording)`, url: `${appUrl}/calls/${call.call_id}` },
    { name: '/live', url: `${appUrl}/live` },
    { name: '/usage', url: `${appUrl}/usage` },
  ]
}
