import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import type {
  CallDetail,
  CallStatusResponse,
  CreateCallResponse,
  ListCallerIdsResponse,
} from '../../src/api/contract/schemas'
import { DEMO_KEY, origin, ports } from './servers'

/** The console's event stream, whatever calls it asks for (not its /stats). */
export const EVENT_STREAM = /\/api\/console\/events(\?|$)/

/**
 * The simulator runs these tests at 20 times real speed, so a real conversation lasts seconds.
 * A long one is held here: every answer is what the simulator gives while a call is ringing or
 * connected (DIALER_RINGING, duration null, nothing billed or recorded yet).
 */
export async function holdInConversation(page: Page, callId: string) {
  // The page then polls: the event stream would push the call's real status past these routes. Its
  // query too: the call page asks the stream for its call by id.
  await page.route(EVENT_STREAM, (route) => route.abort())
  await page.route(`**/api/v1/voice/calls/${callId}`, async (route) => {
    await whilePageOpen(page, async () => {
      const detail = (await (await route.fetch()).json()) as CallDetail
      const live = { status: 'DIALER_RINGING', duration_seconds: null, billed_minutes: 0, recording_url: null }
      await route.fulfill({ json: { ...detail, ...live, voicemail_drop: false } satisfies CallDetail })
    })
  })
  await page.route(`**/api/v1/voice/calls/${callId}/status`, async (route) => {
    await whilePageOpen(page, async () => {
      const status = (await (await route.fetch()).json()) as CallStatusResponse
      await route.fulfill({ json: { ...status, status: 'DIALER_RINGING', duration_seconds: null } })
    })
  })
}

/**
 * The page polls every second, so a poll is often in flight when the test ends and closes it;
 * its answer is then disposed, which is no failure of the test. Any other error still fails it.
 */
async function whilePageOpen(page: Page, handle: () => Promise<void>) {
  try {
    await handle()
  } catch (error) {
    if (!page.isClosed() && !/disposed|closed/i.test(String(error))) throw error
  }
}

const demoApi = `${origin(ports.demoSim)}/api/v1/voice`
const auth = { Authorization: `Bearer ${DEMO_KEY}` }

/** A call placed on the voice API directly, as another system would: the console has no part in it. */
export async function placeBehindTheConsole(destination: string): Promise<CreateCallResponse> {
  const ids = (await (await fetch(`${demoApi}/caller-ids`, { headers: auth })).json()) as ListCallerIdsResponse
  const response = await fetch(`${demoApi}/calls`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({ caller_id: ids.caller_ids[0]?.phone_number, destination, record: false, metadata: {} }),
  })
  expect(response.status).toBe(201)
  return (await response.json()) as CreateCallResponse
}
