// What the Firefox and the WebKit journeys share: the steps a support agent takes, their names (a failure says
// which step), the data each step needs, and the checks worth making the same way in both engines. Each engine
// file drives its browser its own way: Playwright's getByRole in Firefox, accessible-name XPath in WebKit.
import type {
  CallListItem,
  CallRecordings,
  ListCallsResponse,
  UsageSummary,
} from '../../server/simulator/contract/schemas'
import { formatNumber } from '../../src/lib/format'
import { NUMBERS } from '../support/api'
import { DEMO_KEY, E2E_PASSWORD, e2eUser, origin, ports } from '../support/servers'

export const STEPS = {
  signIn: 'sign in as support through the sign-in page',
  rows: 'on /calls, a pointer click on the first, a middle and the last row opens that row’s call',
  notRows: 'on /calls, a click on "New call" or on a date filter opens no call',
  keys: 'on /calls, "/" focuses the search, and Ctrl+K opens the command palette, whose "live" goes to /live',
  recording: 'play a recorded call’s recording',
  placeCall: 'place a call on /calls/new and watch it reach a final status',
  usage: 'sign in as manager and read /usage',
} as const

export const SUPPORT = { email: e2eUser('support'), password: E2E_PASSWORD }
export const MANAGER = { email: e2eUser('manager'), password: E2E_PASSWORD }
/** Answers and completes (README, "Test numbers"); the journey records it. */
export const DESTINATION = NUMBERS.answers

/** Call ids as the API writes them (a ULID); bounded, as a row's text runs the id into "Copy". */
export const CALL_ID = /call_[0-9A-Z]{26}/
/**
 * The page of a call that has ended. Before the end, the last step of the progress reads "Completed or failed",
 * which must not count. No \b: the page's text runs words of neighbouring elements together ("CopyCompleted").
 */
export const COMPLETED = /Completed(?! or failed)/

/** The local day, as a date input writes it. */
function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/**
 * The calls list before today: seeded calls that have all ended, so the rows do not move while the journey clicks
 * them (calls placed today, by this journey or the other engine's, are not on it).
 */
export const stableListPath = () => `/calls?to_date=${localToday()}`

/** Which rows to click, 0-based: the first, one in the middle and the last. */
export function rowsToCheck(count: number): number[] {
  if (count < 3) throw new Error(`The calls list has ${count} rows; the journey needs at least 3`)
  return [0, Math.floor((count - 1) / 2), count - 1]
}

/** The message for a row click that opened another call than the row's; `ids` are the rows' call ids in order. */
export function wrongCall(row: number, ids: string[], opened: string): string {
  const openedRow = ids.indexOf(opened)
  const whose = openedRow >= 0 ? `, the call of row ${openedRow + 1}` : ', a call not on the list'
  return `A click on row ${row + 1} of ${ids.length} (${ids[row]}) opened ${opened}${whose}`
}

/** The call id each row shows, in order. */
export function rowCallIds(rowTexts: string[]): string[] {
  return rowTexts.map((text, index) => {
    const id = CALL_ID.exec(text)?.[0]
    if (!id) throw new Error(`Row ${index + 1} of the calls list shows no call id: ${text}`)
    return id
  })
}

/** GET on the simulator, as the account's own integration would (not through the console). */
async function simulator<T>(path: string): Promise<T> {
  const response = await fetch(`${origin(ports.browsersSim)}/api/v1/voice${path}`, {
    headers: { Authorization: `Bearer ${DEMO_KEY}` },
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new Error(`The simulator answered ${response.status} to GET ${path}`)
  return (await response.json()) as T
}

/** A completed call with a recording of at least a few seconds, found through the API. */
export async function findRecordedCall(): Promise<CallListItem> {
  const { calls } = await simulator<ListCallsResponse>('/calls?status=DIALER_COMPLETED&limit=50')
  for (const call of calls) {
    const { recordings } = await simulator<CallRecordings>(`/calls/${call.call_id}/recordings`)
    if (recordings.some((r) => r.duration_seconds >= 5)) return call
  }
  throw new Error(`None of the ${calls.length} completed calls has a recording of 5 s or more`)
}

/** The committed minutes of the current period, as the usage page writes them. */
export async function committedMinutes(): Promise<string> {
  const usage = await simulator<UsageSummary>('/usage')
  return `${formatNumber(usage.committed_minutes)} minutes`
}
