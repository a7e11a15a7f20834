// A screenshot of the live board for the README: calls placed through the console a moment
// before, some still ringing or talking and some just ended.
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/api/contract/console-schemas'
import type { ListCallerIdsResponse } from '../../src/api/contract/schemas'

// Fails after ringing, connects, a voicemail, and numbers the simulator plays by chance.
const DESTINATIONS = ['+15005550002', '+15005550006', '+15005550004', '+14155550148', '+13125550199', '+12125550123']

export async function shoot(page: Page, baseURL: string, outDir: string): Promise<string[]> {
  await page.setViewportSize({ width: 1280, height: 800 })
  const ids = (await (await page.request.get(`${baseURL}/api/v1/voice/caller-ids`)).json()) as ListCallerIdsResponse
  await page.goto(`${baseURL}/live`)
  await page.getByText('Live updates', { exact: true }).waitFor()
  for (const [index, destination] of DESTINATIONS.entries()) {
    await page.request.post(`${baseURL}/api/v1/voice/calls`, {
      headers: { 'Idempotency-Key': randomUUID(), [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { caller_id: ids.caller_ids[index % ids.caller_ids.length]?.phone_number, destination, record: false },
    })
  }
  // At the screenshots' speed (8), the failing call has ended by now and the others still run.
  await page.getByRole('table', { name: 'Calls that just ended, newest first' }).waitFor({ timeout: 30_000 })
  await page.mouse.move(0, 0)
  const live = `${outDir}/live-board.png`
  await page.screenshot({ path: live })
  return [live]
}
