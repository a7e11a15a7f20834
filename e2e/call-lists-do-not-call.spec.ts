// Issue 52 on a call list's work page, as an agent works it: a number put on the do-not-call list after the agent's
// claim is named before the press and Place call waits (the console passes over listed numbers only at claim), and
// "Do not call again" lists the number only once the agent ticks that the callee asked, as on the call's page.
import { randomInt, randomUUID } from 'node:crypto'
import type { APIRequestContext, Browser } from '@playwright/test'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/api/contract/console-schemas'
import { DO_NOT_CALL_PATH } from '../src/api/contract/do-not-call-schemas'
import { axeViolations } from './support/axe'
import { expect, signedInAs, test } from './support/test'

const csrf = { [CSRF_HEADER]: CSRF_HEADER_VALUE }
const DO_NOT_CALL = `/api/console${DO_NOT_CALL_PATH}`

// A number of its own: other runs of these journeys, in parallel or before, list theirs.
const ownNumber = () => `+1415555${String(randomInt(10_000)).padStart(4, '0')}`

/** As an admin, once: `act` with the admin's request context (listing and un-listing numbers). */
async function asAdmin<T>(browser: Browser, act: (request: APIRequestContext) => Promise<T>) {
  const admin = await browser.newContext(signedInAs('admin'))
  try {
    return await act(admin.request)
  } finally {
    await admin.close()
  }
}

/** A one-contact list, made by a manager through the console's API, that everyone works. */
async function seedList(browser: Browser, number: string): Promise<string> {
  const manager = await browser.newContext(signedInAs('manager'))
  try {
    const res = await manager.request.post('/api/console/call-lists', {
      headers: csrf,
      data: {
        settings: {
          name: `Do not call ${randomUUID().slice(0, 6)}`,
          callerId: null,
          record: false,
          comeBackMinutes: 120,
          maxTries: 3,
          everyone: true,
          assignees: [],
        },
        source: { csv: ['Name,Phone', `Pat Doe,${number}`].join('\n'), region: 'US' },
      },
    })
    expect(res.status(), await res.text()).toBe(201)
    return ((await res.json()) as { list: { id: string } }).list.id
  } finally {
    await manager.close()
  }
}

test.use(signedInAs('support'))
// Each journey opens three people's contexts (the manager's list, the admin's listing, the agent) and runs axe.
test.slow()

test('a number listed after the claim is named before the press, and Place call waits', async ({ page, browser }) => {
  const number = ownNumber()
  const listId = await seedList(browser, number)
  await page.goto(`/call-lists/${listId}/work`)
  await expect(page.getByRole('heading', { name: 'Contact on line 2' })).toBeVisible()
  const placeCall = page.getByRole('button', { name: 'Place call (C)' })
  await expect(placeCall).toBeEnabled()
  const reason = `Asked on the phone, ticket ${number.slice(-4)}`
  try {
    await asAdmin(browser, async (request) => {
      const listed = await request.post(DO_NOT_CALL, { headers: csrf, data: { phone_number: number, reason } })
      expect(listed.status(), await listed.text()).toBe(201)
    })
    // The agent still holds the contact: back on the page, it is named before the press.
    await page.reload()
    const notice = page.getByRole('alert').filter({ hasText: 'This number must not be called' })
    await expect(notice).toContainText(`by admin@e2e.test: ${reason}`)
    await expect(notice).toContainText('Skip (S) to go on: the list passes over a listed number.')
    await expect(placeCall).toBeDisabled()
    await expect(placeCall).toHaveAccessibleDescription(/^On the do-not-call list since .+: Asked on the phone/)
    expect(await axeViolations(page)).toEqual([])
    // C does nothing either; S goes on, and the list passes over the number as done.
    await page.keyboard.press('c')
    await page.keyboard.press('s')
    await expect(page.getByText('Every contact of this list is done')).toBeVisible()
    await expect(page.getByText(/^By outcome: On the do-not-call list/)).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Call placed:' })).toHaveCount(0)
  } finally {
    await asAdmin(browser, (request) =>
      request.delete(`${DO_NOT_CALL}/${encodeURIComponent(number)}`, {
        headers: csrf,
        data: { reason: 'End of the journey' },
      }),
    )
  }
})

test('“Do not call again” lists the number only once the agent ticks that the callee asked', async ({
  page,
  browser,
}) => {
  const number = ownNumber()
  const listId = await seedList(browser, number)
  await page.goto(`/call-lists/${listId}/work`)
  await expect(page.getByRole('button', { name: 'Place call (C)' })).toBeEnabled()
  await page.keyboard.press('c')
  await expect(page.getByRole('status').filter({ hasText: 'Call placed:' })).toBeVisible()
  try {
    await page.getByRole('radio', { name: /Do not call again/ }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Outcome saved: Do not call again.' })).toBeVisible()
    const confirm = page.getByRole('checkbox', { name: `Also put ${number} on the do-not-call list` })
    await expect(confirm).not.toBeChecked()
    await expect(page.getByText('Not on the do-not-call list yet.')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    const lookup = () => page.request.get(`${DO_NOT_CALL}?phone_number=${encodeURIComponent(number)}`)
    expect(((await (await lookup()).json()) as { entry: unknown }).entry).toBeNull()

    // click, not check: once listed, the box gives way to the words that say so.
    await confirm.click()
    await expect(page.getByText('On the do-not-call list', { exact: true })).toBeVisible()
    const entry = ((await (await lookup()).json()) as { entry: { source: string; added_by: string } | null }).entry
    expect(entry).toMatchObject({ source: 'outcome', added_by: 'support@e2e.test' })
  } finally {
    await asAdmin(browser, (request) =>
      request.delete(`${DO_NOT_CALL}/${encodeURIComponent(number)}`, {
        headers: csrf,
        data: { reason: 'End of the journey' },
      }),
    )
  }
})
