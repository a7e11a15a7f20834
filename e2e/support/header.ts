// The header's row, measured: what the header journeys (header.spec.ts, quirks/long-tier.spec.ts) check.
import { expect, type Locator, type Page } from '@playwright/test'
import { APP_NAME } from '../../src/components/document-title'

/** The row's controls: the name, each page, the account, the person's menu and the theme switch. */
async function rowControls(page: Page): Promise<Locator[]> {
  const header = page.getByRole('banner')
  const pages = await header.getByRole('navigation', { name: 'Main' }).getByRole('link').all()
  return [
    header.getByRole('link', { name: APP_NAME }),
    ...pages,
    header.getByRole('region', { name: 'Account' }),
    header.getByRole('region', { name: 'Signed in' }).getByRole('button', { name: /@/ }),
    header.getByRole('button', { name: /^Switch to (dark|light) theme$/ }),
  ]
}

/** Every control's top within one row's height of the others. */
export async function expectHeaderInOneRow(page: Page, width: number) {
  const boxes = []
  for (const control of await rowControls(page)) {
    await expect(control).toBeVisible()
    const box = await control.boundingBox()
    if (!box) throw new Error('a header control has no box')
    boxes.push(box)
  }
  const tops = boxes.map((box) => box.y)
  const rowHeight = Math.max(...boxes.map((box) => box.height))
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(rowHeight)
  // And nothing runs past the page's right edge.
  for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(width)
}
