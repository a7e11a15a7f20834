// A service whose list and call reads disagree for a while: it lists a call and returns its detail, but answers
// 404 for its status (and recordings). The call page says so and shows what it has, opened from the list or cold,
// never "Call not found"; once the service returns the status, the page shows the call by itself.
import { formatPhone } from '../support/phone'
import { resetQuirks, setQuirks } from '../support/quirks'
import { expect, type Page, test } from '../support/test'

// A plain call on the list's first page (quirks-catalogue.ts), to the catalogue's plain destination.
const CALL = 'call_q_plain_0003'
const DESTINATION = '+442071838750'

test.beforeEach(async () => {
  await resetQuirks()
  await setQuirks({
    fail: {
      paths: `^/calls/${CALL}/(status|recordings)$`,
      method: 'GET',
      status: 404,
      shape: 'text',
      message: 'No such call',
    },
  })
})
test.afterEach(() => resetQuirks())

const missingStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'The service listed this call but does not return its status yet.' })
const notFound = (page: Page) => page.getByRole('heading', { name: 'Call not found' })

async function expectWhatItHas(page: Page) {
  await expect(missingStatus(page)).toBeVisible()
  await expect(notFound(page)).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: `Call ${CALL}` })).toBeVisible()
  // What the service gave: the detail's status, its numbers and when it was created.
  const main = page.getByRole('main')
  await expect(main.getByRole('definition').filter({ hasText: 'DIALER_COMPLETED' })).toBeVisible()
  await expect(main.getByRole('definition').filter({ hasText: formatPhone(DESTINATION) })).toBeVisible()
  await expect(main.getByRole('definition').filter({ hasText: /^\d{4}-\d\d-\d\dT/ })).toBeVisible()
}

test('a listed call whose status answers 404 says so and shows what the service gave, from the list and cold', async ({
  page,
}, testInfo) => {
  await page.goto('/calls')
  const row = page.getByRole('row').filter({ hasText: CALL })
  await row.getByRole('link', { name: formatPhone(DESTINATION) }).click()
  await expect(page).toHaveURL(new RegExp(`/calls/${CALL}$`))
  await expectWhatItHas(page)
  await page.screenshot({ path: testInfo.outputPath('status-404-from-list.png') })

  // Cold: nothing of the list in this tab, only the detail the service answered.
  await page.reload()
  await expectWhatItHas(page)

  // Cold again, with the detail answered after the status's 404 (a fresh-clone CI met that order by chance and
  // showed "Call not found"): the page waits for the detail to say what is missing.
  await setQuirks({ slow: { paths: `^/calls/${CALL}$`, ms: 1_500 } })
  await page.reload()
  await expectWhatItHas(page)
})

test('once the service returns the status, the page shows the call by itself', async ({ page }) => {
  await page.goto(`/calls/${CALL}`)
  await expect(missingStatus(page)).toBeVisible()
  await resetQuirks()
  // It reads again every 5 s for a minute.
  await expect(page.getByRole('heading', { level: 1, name: `Call to ${formatPhone(DESTINATION)}` })).toBeVisible({
    timeout: 20_000,
  })
  await expect(missingStatus(page)).toHaveCount(0)
  await expect(notFound(page)).toHaveCount(0)
})
