// The header at 1280 px: one row for every role, the company's client id for admins only, and a person's
// menu whose controls stay inside it and change nothing until the person chooses.
import { axeViolations } from './support/axe'
import { expectHeaderInOneRow } from './support/header'
import { signInAsNewPerson } from './support/people'
import type { E2eRole } from './support/servers'
import { expect, openUserMenu, signedInAs, signedOut, test } from './support/test'

test.use({ viewport: { width: 1280, height: 800 } })

for (const role of ['support', 'manager', 'admin'] as const satisfies readonly E2eRole[]) {
  test.describe(`as ${role}`, () => {
    test.use(signedInAs(role))

    test('the header is one row at 1280 px, with the client id for admins only', async ({ page }) => {
      // Two axe runs, light and dark: on a busy machine the second alone has outlasted a minute.
      test.slow()
      await page.goto('/calls')
      const account = page.getByRole('banner').getByRole('region', { name: 'Account' })
      await expect(account).toContainText('Tier')
      await expectHeaderInOneRow(page, 1280)
      // In one row without cutting what fits: the tier and the person's email are whole.
      const whole = (element: Element) => element.scrollWidth <= element.clientWidth
      expect(
        await account
          .getByText(/^Tier /)
          .first()
          .evaluate(whole),
      ).toBe(true)
      const person = page.getByRole('region', { name: 'Signed in' }).getByRole('button', { name: /@/ })
      expect(await person.getByText(/@/).evaluate(whole)).toBe(true)
      if (role === 'admin') await expect(account.getByText(/^cli_/)).toBeVisible()
      else await expect(account).not.toContainText('cli_')
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        expect(await axeViolations(page, { include: 'header' }), scheme).toEqual([])
      }
    })
  })
}

test.describe('the person’s menu', () => {
  // A person of their own: choosing a zone is kept with the person.
  test.use({ ...signedOut, timezoneId: 'America/Los_Angeles' })

  test('arrow keys move nothing and save nothing; the zone changes when a choice is pressed', async ({ page }) => {
    // A new person through the CLI and the sign-in page, then axe twice: generous on a loaded machine.
    test.slow()
    await signInAsNewPerson(page, 'admin')
    await page.goto('/calls')
    const saves: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/console/preferences')) saves.push(request.method())
    })
    await openUserMenu(page)
    const zone = page.getByRole('group', { name: 'Times in' })
    const browser = zone.getByRole('button', { name: 'Browser zone: America/Los Angeles' })
    const utc = zone.getByRole('button', { name: 'UTC' })
    await expect(browser).toHaveAttribute('aria-pressed', 'true')

    // The menu's controls are inside its box.
    const menuButton = page.getByRole('region', { name: 'Signed in' }).getByRole('button', { name: /@/ })
    const panel = page.locator(`#${await menuButton.getAttribute('aria-controls')}`)
    const frame = await panel.boundingBox()
    if (!frame) throw new Error('the menu has no box')
    for (const control of [browser, utc, panel.getByRole('switch'), panel.getByRole('button', { name: 'Sign out' })]) {
      await expect(control).toBeVisible()
      const box = await control.boundingBox()
      if (!box) throw new Error('a menu control has no box')
      expect(box.x).toBeGreaterThanOrEqual(frame.x)
      expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width)
      expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height)
    }

    // A keyboard user moves through the menu: arrows change nothing, Tab moves on.
    await browser.focus()
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft']) await page.keyboard.press(key)
    await expect(browser).toHaveAttribute('aria-pressed', 'true')
    await expect(utc).toHaveAttribute('aria-pressed', 'false')
    await page.keyboard.press('Tab')
    await expect(utc).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(utc).toHaveAttribute('aria-pressed', 'false')
    expect(saves).toEqual([])
    await expect(page.getByRole('columnheader', { name: /Created \(P[SD]T\)/ })).toBeVisible()

    // The choice: Enter on UTC saves it once, and every time follows.
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/console/preferences'))
    await page.keyboard.press('Enter')
    expect((await saved).status()).toBe(200)
    await expect(utc).toHaveAttribute('aria-pressed', 'true')
    await expect(browser).toHaveAttribute('aria-pressed', 'false')
    await expect(page.getByRole('columnheader', { name: 'Created (UTC)' })).toBeVisible()
    expect(saves).toEqual(['PUT'])
    expect(await axeViolations(page, { include: 'header' }), 'light').toEqual([])
    // Dark from a fresh load (a theme switched on a loaded page starts transitions axe would wait for); the
    // choice was kept with the person.
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.reload()
    await openUserMenu(page)
    await expect(utc).toHaveAttribute('aria-pressed', 'true')
    expect(await axeViolations(page, { include: 'header' }), 'dark').toEqual([])
  })
})
