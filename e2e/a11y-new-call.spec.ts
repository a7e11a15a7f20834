// No axe violations on the New call form (also with its errors shown) and on a call page with a recording.
import { NUMBERS, placeCall } from './support/api'
import { axeViolations } from './support/axe'
import { recordingPlayer } from './support/recording'
import { expect, test } from './support/test'

// axe takes its time on a loaded machine; the country select alone has 245 options.
test.slow()

test('the New call form has no accessibility violations', async ({ page }) => {
  await page.goto('/calls/new')
  await expect(page.getByRole('button', { name: 'Place call' })).toBeVisible()
  await page.getByRole('button', { name: 'Add metadata' }).click()
  expect(await axeViolations(page)).toEqual([])

  // With every kind of message on screen.
  await page.getByLabel('Destination').fill('123')
  await page.getByLabel('Value 1').fill('no key')
  await page.getByRole('button', { name: 'Place call' }).click()
  await expect(page.getByLabel('Destination')).toHaveAttribute('aria-invalid', 'true')
  expect(await axeViolations(page)).toEqual([])
})

test('a call page with a recording has no accessibility violations', async ({ page, request }) => {
  const call = await placeCall(request, { destination: NUMBERS.answers, record: true })
  await page.goto(`/calls/${call.call_id}`)
  const { play, waveformCanvas } = recordingPlayer(page)
  await expect(play).toBeEnabled({ timeout: 30_000 })
  // Before Play (the waveform's place holds a note), then playing with the waveform drawn.
  expect(await axeViolations(page)).toEqual([])
  await play.click()
  await expect(waveformCanvas).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})
