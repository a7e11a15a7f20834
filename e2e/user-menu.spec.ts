// The person's menu opens with its final layout: nothing under the pointer moves once it is open,
// even when the code of its notifications switch is slow to arrive.
import { axeViolations } from './support/axe'
import { holdChunk } from './support/hold-answer'
import { expect, signedInAs, test } from './support/test'

test.use(signedInAs('support'))

test('Sign out stays where it was when the menu opened, while the notifications switch loads', async ({ page }) => {
  // The switch's chunk takes its time, as on a slow connection.
  const release = await holdChunk(page, 'even while you work in another tab')
  await page.goto('/calls')
  const signedIn = page.getByRole('region', { name: 'Signed in' })
  const button = signedIn.getByRole('button', { name: /@/ })
  // A keyboard user: the focus reaches the button, then Enter opens the menu before the chunk is here.
  await button.focus()
  await page.keyboard.press('Enter')
  const signOut = signedIn.getByRole('button', { name: 'Sign out' })
  await expect(signOut).toBeVisible()
  const opened = await signOut.boundingBox()
  // What shows meanwhile reads as well as what comes (its label was once dimmed below contrast: CI, stop 57).
  expect(await axeViolations(page, { include: 'header' })).toEqual([])
  release()
  await expect(signedIn.getByRole('switch', { name: 'Browser notifications' })).toBeVisible({ timeout: 10_000 })
  expect(await signOut.boundingBox()).toEqual(opened)
})
