// Screenshots of the calls list and a live call, for the README. The page is signed in,
// so the calls are placed through the console with its session, as the e2e specs do.
import type { Page } from '@playwright/test'
import { NUMBERS, placeCall } from '../../e2e/support/api'

export async function shoot(page: Page, baseURL: string, outDir: string): Promise<string[]> {
  const live = await placeCall(page.request, {
    destination: NUMBERS.answers,
    record: true,
    metadata: { ticket: 'SUP-1042', agent: 'Dana Ortiz' },
  })
  await placeCall(page.request, { destination: NUMBERS.fails, record: true, metadata: { ticket: 'SUP-1043' } })

  await page.goto(`${baseURL}/calls/${live.call_id}`)
  await page.getByRole('list', { name: 'Call progress' }).waitFor()
  const inProgress = `${outDir}/call-in-progress.png`
  await page.screenshot({ path: inProgress })

  await page.getByText('Call status: Completed').waitFor({ state: 'attached', timeout: 60_000 })
  // The waveform is drawn once the recording plays: play, then pause at the start.
  const recording = page.getByRole('article', { name: 'Recording 1' })
  const played = await recording
    .getByRole('button', { name: 'Play' })
    .click({ timeout: 30_000 })
    .then(() => true)
    .catch(() => false)
  if (played) {
    await recording.locator('canvas').first().waitFor({ timeout: 30_000 })
    await recording.getByRole('button', { name: 'Pause' }).click()
    await recording.getByRole('slider', { name: 'Seek' }).fill('0')
  }
  // Let the waveform finish drawing.
  await page.waitForTimeout(1500)
  const completed = `${outDir}/call-live.png`
  await page.screenshot({ path: completed, fullPage: true })

  await page.goto(`${baseURL}/calls`)
  await page.getByRole('table', { name: /calls/i }).waitFor()
  await page.mouse.move(0, 0)
  const list = `${outDir}/calls-list.png`
  await page.screenshot({ path: list })

  // Found by its ticket: what matched is marked, the matching metadata under the number.
  await page.goto(`${baseURL}/calls?q=SUP-104`)
  await page.getByRole('list', { name: 'Matched metadata' }).first().waitFor()
  await page.mouse.move(0, 0)
  const search = `${outDir}/calls-search.png`
  await page.screenshot({ path: search })

  // On a phone the rows are cards and the header is one row with a menu.
  const desktop = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('list', { name: 'Calls, newest first' }).waitFor()
  const phone = `${outDir}/calls-list-phone.png`
  await page.screenshot({ path: phone })
  if (desktop) await page.setViewportSize(desktop)
  return [list, search, phone, inProgress, completed]
}
