// The three pages the benchmark audits. The call page is a seeded call with a recording,
// the heaviest kind (waveform player and audio).
import { API_PREFIX, type CallDetail, type ListCallsResponse } from '../../src/api/schemas'

export interface BenchPage {
  name: string
  url: string
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

async function recordedCall(appUrl: string): Promise<CallDetail> {
  const api = `${appUrl}${API_PREFIX}`
  const list = await json<ListCallsResponse>(`${api}/calls?status=DIALER_COMPLETED&limit=50`)
  for (const call of list.calls) {
    const detail = await json<CallDetail>(`${api}/calls/${call.call_id}`)
    if (detail.recording_url) return detail
  }
  throw new Error('None of the 50 newest completed calls has a recording')
}

export async function benchPages(appUrl: string): Promise<BenchPage[]> {
  const call = await recordedCall(appUrl)
  return [
    { name: '/calls', url: `${appUrl}/calls` },
    // The recording's length is named because the player's work grows with it.
    { name: `call page (${call.duration_seconds} s recording)`, url: `${appUrl}/calls/${call.call_id}` },
    { name: '/usage', url: `${appUrl}/usage` },
  ]
}
