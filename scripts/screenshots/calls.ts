// Screenshots of the calls list and a live call, for the README.
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'

const API = '/api/v1/voice'

async function placeCall(baseURL: string, destination: string, metadata: Record<string, string>) {
  const callerIds = (await (await fetch(`${baseURL}${API}/caller-ids`)).json()) as {
    caller_ids: { phone_number: string }[]
  }
  const response = await fetch(`${baseURL}${API}/calls`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({ caller_id: callerIds.caller_ids[0]?.phone_number, destination, record: true, metadata }),
  })
  if (!response.ok) throw new Error(`Placing a call failed: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { call_id: string }).call_id
}

export async function shoot(page: Page, baseURL: string, outDir: string): Promise<string[]> {
  const live = await placeCall(baseURL, '+15005550006', { ticket: 'SUP-1042', agent: 'Dana Ortiz' })
  await placeCall(baseURL, '+15005550002', { ticket: 'SUP-1043' })

  await page.goto(`${baseURL}/calls/${live}`)
  await page.getByRole('list', { name: 'Call progress' }).waitFor()
  const inProgress = `${outDir}/call-in-progress.png`
  await page.screenshot({ path: inProgress })

  await page.getByText('Call status: Completed').waitFor({ state: 'attached', timeout: 60_000 })
  await page
    .getByRole('button', { name: 'Play' })
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => undefined)
  // Let the waveform finish drawing.
  await page.waitForTimeout(1500)
  const completed = `${outDir}/call-live.png`
  await page.screenshot({ path: completed, fullPage: true })

  await page.goto(`${baseURL}/calls`)
  await page.getByRole('table', { name: /calls/i }).waitFor()
  await page.mouse.move(0, 0)
  const list = `${outDir}/calls-list.png`
  await page.screenshot({ path: list })
  return [list, inProgress, completed]
}
