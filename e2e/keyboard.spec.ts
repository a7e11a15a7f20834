// The console from the keyboard alone: `/`, `?`, Ctrl+K and its palette, `j`/`k`/Enter/`x` in the lists and
// `g` then a letter, each found by role and name; keys typed in a field stay text.
import type { Locator, Page } from '@playwright/test'
import { DEMO_PASSWORD } from '../server/console/demo-users'
import { CALL_ID, stableListPath } from './browsers/journey-steps'
import { NUMBERS, placeCall } from './support/api'
import { axeViolations, WCAG_21_AA } from './support/axe'
import { holdChunk } from './support/hold-answer'
import { placeBehindTheConsole } from './support/live-call'
import { signInAsNewPerson } from './support/people'
import { formatPhone } from './support/phone'
import { E2E_PASSWORD, e2eUser, urls } from './support/servers'
import { expect, signedInAs, signedOut, test } from './support/test'

const callsTable = (page: Page) => page.getByRole('table', { name: 'Calls, newest first' })
/** A table's rows of data: the header row has column headers, not cells. */
const dataRows = (table: Locator) => table.getByRole('row').filter({ has: table.page().getByRole('cell') })
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })
const help = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' })
/** A text of the palette's chunk alone (its field's placeholder). */
const PALETTE_MARKER = 'A page, a command, a call ID or a number'
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name })

async function callIdOf(row: Locator): Promise<string> {
  const id = CALL_ID.exec(await row.innerText())?.[0]
  if (!id) throw new Error(`No call ID in the row: ${await row.innerText()}`)
  return id
}

/** The ring the focused row shows (styles.css), read from the browser's computed style. */
const outlineOf = (row: Locator) =>
  row.evaluate((element) => {
    const style = getComputedStyle(element)
    return `${style.outlineStyle} ${style.outlineWidth}`
  })

/**
 * g then a letter, sent in one go: two separate presses can land more than the 1.5 s `g` waits for apart on a
 * loaded machine, which a person's two keystrokes never are.
 */
const goKeys = (page: Page, letter: string) => page.keyboard.type(`g${letter}`)

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k')
  await expect(palette(page)).toBeVisible()
  await expect(palette(page).getByRole('combobox', { name: 'Command' })).toBeFocused()
}

/** Types into the palette and runs the command named `option` with the arrows and Enter, as a keyboard user does. */
async function runCommand(page: Page, typed: string, option: string | RegExp) {
  await openPalette(page)
  await page.keyboard.type(typed)
  // The command's name starts with it ("Search calls for “next row”" is not "Next row").
  const name = typeof option === 'string' ? new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) : option
  const target = palette(page).getByRole('option', { name })
  await expect(target).toBeVisible()
  // The arrows, as many as it takes: the list wraps around.
  for (let step = 0; step < 30 && (await target.getAttribute('aria-selected')) !== 'true'; step++) {
    await page.keyboard.press('ArrowDown')
  }
  await expect(target).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(palette(page)).toHaveCount(0)
}

test.describe('a support agent', () => {
  test.use(signedOut)

  test('reaches the first call in 3 key presses from the sign-in form: Enter, j, Enter', async ({ page }) => {
    let presses = 0
    const press = async (key: string) => {
      presses++
      await page.keyboard.press(key)
    }
    await page.goto('/sign-in')
    await page.getByLabel('Email').fill(e2eUser('support'))
    await page.getByLabel('Password').fill(E2E_PASSWORD)
    await press('Enter')
    await expect(heading(page, 'Calls')).toBeVisible()
    const first = dataRows(callsTable(page)).first()
    await expect(first).toBeVisible()
    const callId = await callIdOf(first)

    await press('j')
    await expect(first).toBeFocused()
    await press('Enter')
    await expect(page).toHaveURL(new RegExp(`/calls/${callId}$`))
    await expect(heading(page, /^Call to /)).toBeVisible()
    expect(presses).toBeLessThanOrEqual(3)
  })
})

test.describe('in the lists', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('j and k move a visible row focus, scrolled into view; x copies its call ID; Enter opens it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 600 })
    // Before today: other journeys' new calls, listed live at the top, would move the rows under the keys.
    await page.goto(`${stableListPath()}&limit=50`)
    const rows = dataRows(callsTable(page))
    await expect(rows.nth(20)).toBeVisible()

    await page.keyboard.press('j')
    await expect(rows.first()).toBeFocused()
    expect(await outlineOf(rows.first())).toBe('solid 2px')
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    await page.keyboard.press('k')
    await expect(rows.nth(1)).toBeFocused()
    expect(await outlineOf(rows.first())).not.toContain('solid')
    // k on the first row stays there.
    await page.keyboard.press('k')
    await page.keyboard.press('k')
    await expect(rows.first()).toBeFocused()

    for (let step = 0; step < 20; step++) await page.keyboard.press('j')
    const row = rows.nth(20)
    await expect(row).toBeFocused()
    const box = await row.boundingBox()
    expect(box, 'the focused row is on screen').not.toBeNull()
    expect((box?.y ?? -1) >= 0 && (box?.y ?? 0) + (box?.height ?? 0) <= 600).toBe(true)

    const callId = await callIdOf(row)
    await page.keyboard.press('x')
    await expect(row.getByRole('button', { name: `Copy call ID ${callId}` })).toHaveText('Copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(callId)
    await expect(row).toBeFocused()

    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/calls/${callId}$`))
  })

  test('on Users, Enter moves into the focused row’s controls; on the Audit log, j and k move', async ({ page }) => {
    await page.goto('/users')
    const users = dataRows(page.getByRole('table', { name: /People who can sign in/ }))
    await expect(users.first()).toBeVisible()
    await page.keyboard.press('j')
    await expect(users.first()).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(users.first().getByRole('button').first()).toBeFocused()

    await page.goto('/audit')
    const entries = dataRows(page.getByRole('table', { name: 'Audit entries, newest first' }))
    await expect(entries.nth(1)).toBeVisible()
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    await expect(entries.nth(1)).toBeFocused()
    await page.keyboard.press('k')
    await expect(entries.first()).toBeFocused()
  })
})

test.describe('on Live', () => {
  // The board's calls come from the `npm start` servers, whose simulator runs at real speed (as e2e/live.spec.ts).
  test.use({ ...signedOut, permissions: ['clipboard-read', 'clipboard-write'] })

  test('a row without a copy button says what x copied, and Enter opens that call', async ({ page }) => {
    await page.goto(`${urls.demoApp}/sign-in`)
    await page.getByLabel('Email').fill('support@demo.test')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).not.toHaveURL(/sign-in/)
    await page.goto(`${urls.demoApp}/live`)
    await expect(heading(page, 'Live calls')).toBeVisible()
    // Rings 8 to 15 s, then fails: then in "Just ended" for 5 minutes.
    await placeBehindTheConsole(NUMBERS.fails)
    const ended = dataRows(page.getByRole('table', { name: 'Calls that just ended, newest first' }))
    await expect(ended.first()).toBeVisible({ timeout: 45_000 })
    // j walks the calls in flight first, then those that just ended; the focus stays on its row as others come.
    const lastEnded = ended.last()
    for (let step = 0; step < 60; step++) {
      if (await lastEnded.evaluate((row) => row === document.activeElement)) break
      await page.keyboard.press('j')
    }
    await expect(lastEnded).toBeFocused()
    await page.keyboard.press('x')
    const notice = page.getByRole('status').filter({ hasText: /^Copied call ID call_/ })
    await expect(notice).toBeVisible()
    const copied = CALL_ID.exec((await notice.textContent()) ?? '')?.[0]
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(copied)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/calls/${copied}$`))
  })
})

test('/ focuses the page’s search, and elsewhere the calls list’s', async ({ page }) => {
  await page.goto('/calls')
  const search = page.getByRole('searchbox', { name: 'Search' })
  await expect(search).toBeEnabled()
  await page.keyboard.press('/')
  await expect(search).toBeFocused()
  // The key was the shortcut's, not text.
  await expect(search).toHaveValue('')

  await page.goto('/usage')
  await expect(heading(page, 'Usage')).toBeVisible()
  await page.keyboard.press('/')
  await expect(page).toHaveURL((url) => url.pathname === '/calls')
  await expect(search).toBeFocused()
  await expect(search).toHaveValue('')
})

test('? lists every shortcut, the g ones of the person’s pages; Escape closes it', async ({ page }) => {
  await page.goto('/calls')
  await expect(heading(page, 'Calls')).toBeVisible()
  await page.keyboard.press('?')
  const dialog = help(page)
  await expect(dialog).toBeVisible()
  // Each line: what it does (a term) and its keys (the definition beside it).
  const lines = await dialog
    .getByRole('term')
    .evaluateAll((terms) => terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]))
  expect(lines).toEqual([
    ['Open the command palette', 'Ctrl+K'],
    ['Show the keyboard shortcuts', '?'],
    ['Search: the page’s search, or the calls list’s', '/'],
    ['Next row', 'j'],
    ['Previous row', 'k'],
    ['Open the focused row', 'Enter'],
    ['Copy the focused row’s call ID', 'x'],
    ['Calls', 'gthenc'],
    ['Live', 'gthenl'],
    ['New call', 'gthenn'],
    ['Call lists', 'gthenw'],
    ['Callbacks', 'gthenb'],
    ['Caller IDs', 'gtheni'],
    ['Usage', 'gthenu'],
    ['Alerts', 'gthenr'],
    ['Integrations', 'gthene'],
    ['Users', 'gthenp'],
    ['Audit log', 'gthena'],
    ['Do not call', 'gthend'],
    ['Scorecards', 'gthens'],
    ['Previous command', '↑'],
    ['Next command', '↓'],
    ['Run the command', 'Enter'],
    ['Close', 'Escape'],
  ])
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
})

test('g then a letter goes to each page of an admin', async ({ page }) => {
  await page.goto('/calls')
  await expect(heading(page, 'Calls')).toBeVisible()
  for (const [letter, path, name] of [
    ['l', '/live', 'Live calls'],
    ['n', '/calls/new', 'New call'],
    ['w', '/call-lists', 'Call lists'],
    ['i', '/caller-ids', 'Caller IDs'],
    ['u', '/usage', 'Usage'],
    ['r', '/alerts', 'Alerts'],
    ['e', '/integrations', 'Integrations'],
    ['p', '/users', 'Users'],
    ['a', '/audit', 'Audit log'],
    ['c', '/calls', 'Calls'],
  ] as const) {
    await goKeys(page, letter)
    await expect(page).toHaveURL((url) => url.pathname === path)
    await expect(heading(page, name)).toBeVisible()
  }
})

test.describe('a support agent’s g keys and palette', () => {
  test.use(signedInAs('support'))

  test('offer only the pages of the role', async ({ page }) => {
    await page.goto('/calls')
    await expect(heading(page, 'Calls')).toBeVisible()
    for (const letter of ['u', 'p', 'a', 'r']) await goKeys(page, letter)
    await goKeys(page, 'l')
    await expect(page).toHaveURL((url) => url.pathname === '/live')

    await openPalette(page)
    const goTo = palette(page).getByRole('option', { name: /^Go to / })
    await expect(goTo).toHaveText([
      /^Go to Calls/,
      /^Go to Live/,
      /^Go to New call/,
      /^Go to Call lists/,
      /^Go to Callbacks/,
      /^Go to Caller IDs/,
    ])
    await page.keyboard.press('Escape')
    await expect(palette(page)).toHaveCount(0)
  })
})

test.describe('the command palette', () => {
  test.use(signedOut)
  // Many steps, each a navigation: a loaded 2-core machine needs more than the default minute.
  test.slow()

  test('goes to pages, opens a call by ID, finds calls by number, and runs the shortcuts', async ({
    page,
    request,
  }) => {
    await signInAsNewPerson(page, 'admin')
    const call = await placeCall(request, { destination: NUMBERS.answers })
    await page.goto('/calls')
    await expect(heading(page, 'Calls')).toBeVisible()

    await openPalette(page)
    // Every shortcut is in it, with its keys.
    for (const name of ['Show the keyboard shortcuts', 'Next row', 'Previous row', 'Open the focused row']) {
      await expect(palette(page).getByRole('option', { name: new RegExp(name) })).toBeVisible()
    }
    await expect(palette(page).getByRole('option', { name: /Go to Audit log/ })).toContainText('gthena')
    // What it finds is said: one status line, the count of commands.
    await page.keyboard.type('usage')
    await expect(palette(page).getByRole('status')).toHaveText('2 commands')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL((url) => url.pathname === '/usage')
    await expect(heading(page, 'Usage')).toBeVisible()

    await runCommand(page, call.call_id, `Open call ${call.call_id}`)
    await expect(page).toHaveURL(new RegExp(`/calls/${call.call_id}$`))

    await runCommand(page, '500 555 0006', /^Show calls with/)
    await expect(page).toHaveURL(/\/calls\?q=500/)
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('500 555 0006')

    // A shortcut from the palette acts where the focus was: the first row, then the shortcuts' own help.
    await expect(dataRows(callsTable(page)).first()).toBeVisible()
    await runCommand(page, 'next row', 'Next row')
    await expect(dataRows(callsTable(page)).first()).toBeFocused()
    await runCommand(page, 'shortcuts', 'Show the keyboard shortcuts')
    await expect(help(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dataRows(callsTable(page)).first()).toBeFocused()

    // Escape closes it and the focus goes back; Ctrl+K works from a field too.
    await page.getByRole('searchbox', { name: 'Search' }).focus()
    await openPalette(page)
    await page.keyboard.press('Escape')
    await expect(palette(page)).toHaveCount(0)
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused()
  })

  test('prefills New call with a typed number: one call, placed by Place call', async ({ page, request }) => {
    await signInAsNewPerson(page, 'support')
    const posts: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/voice/calls') posts.push(r.url())
    })
    // A number of this test's own, so its calls are countable.
    const destination = `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`
    const since = new Date(Date.now() - 5_000).toISOString()
    const callsTo = async () => {
      const response = await request.get('/api/v1/voice/calls', { params: { from_date: since, limit: 100 } })
      const { calls } = (await response.json()) as { calls: { destination: string }[] }
      return calls.filter((c) => c.destination === destination).length
    }
    await page.goto('/calls')
    await expect(heading(page, 'Calls')).toBeVisible()

    await runCommand(page, destination, `New call to ${formatPhone(destination)}`)
    await expect(page).toHaveURL(/\/calls\/new\?to=/)
    await expect(page.getByText('Filled in from a link')).toBeVisible()
    await expect(page.getByLabel('Destination')).toHaveValue(destination)
    expect(posts).toHaveLength(0)
    expect(await callsTo()).toBe(0)

    await page.getByRole('button', { name: 'Place call' }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/calls\/call_/)
    expect(posts).toHaveLength(1)
    await expect.poll(callsTo).toBe(1)
  })

  test('switches the zone and the theme as the user menu does, and signs out', async ({ page }) => {
    await signInAsNewPerson(page, 'manager')
    await page.goto('/calls')
    await expect(heading(page, 'Calls')).toBeVisible()

    await runCommand(page, 'utc', 'Show times in UTC')
    const session = async () => (await (await page.request.get('/api/console/session')).json()).preferences.timeZone
    await expect.poll(session).toBe('UTC')
    await expect(page.getByRole('columnheader', { name: /Created \(UTC\)/ })).toBeVisible()
    await openPalette(page)
    await page.keyboard.type('utc')
    await expect(palette(page).getByRole('option', { name: /Show times in UTC \(current\)/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await page.keyboard.press('Escape')
    // Closed before the next Ctrl+K: a shortcut pressed while a dialog is still open is the dialog's.
    await expect(palette(page)).toHaveCount(0)
    await runCommand(page, 'browser', /Show times in the browser’s zone/)
    await expect.poll(session).toBe('browser')

    const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
    await runCommand(page, 'dark', 'Use the dark theme')
    expect(await dark()).toBe(true)
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible()
    await runCommand(page, 'light', 'Use the light theme')
    expect(await dark()).toBe(false)

    await runCommand(page, 'sign out', 'Sign out')
    await expect(page).toHaveURL(/\/sign-in/)
    expect((await (await page.request.get('/api/console/session')).json()).user).toBeFalsy()
  })
})

test('Ctrl+K keeps the palette open, and opens it again however soon after Escape it comes; ? the help too', async ({
  page,
}) => {
  await page.goto('/calls')
  await expect(heading(page, 'Calls')).toBeVisible()
  await openPalette(page)
  await page.keyboard.type('u')
  const selected = palette(page).getByRole('option', { selected: true })
  const before = await selected.textContent()
  await page.keyboard.press('Control+k')
  await expect(palette(page)).toBeVisible()
  // Not cmdk's "previous item" either.
  expect(await selected.textContent()).toBe(before)
  await page.keyboard.press('Escape')
  await expect(palette(page)).toHaveCount(0)

  // Escape and Ctrl+K sent together: the second comes before the platform's close event of the first (input goes
  // first), while the focus is still in the closed palette's field. CI met this once (stop 39).
  await openPalette(page)
  await page.keyboard.type('utc')
  const cdp = await page.context().newCDPSession(page)
  const send = (type: 'rawKeyDown' | 'keyUp', key: string, code: string, keyCode: number, modifiers = 0) =>
    cdp.send('Input.dispatchKeyEvent', { type, key, code, windowsVirtualKeyCode: keyCode, modifiers })
  const CTRL = 2
  await Promise.all([
    send('rawKeyDown', 'Escape', 'Escape', 27),
    send('keyUp', 'Escape', 'Escape', 27),
    send('rawKeyDown', 'k', 'KeyK', 75, CTRL),
    send('keyUp', 'k', 'KeyK', 75, CTRL),
  ])
  await expect(palette(page)).toBeVisible()
  await expect(palette(page).getByRole('combobox', { name: 'Command' })).toBeFocused()
  await expect(palette(page).getByRole('combobox', { name: 'Command' })).toHaveValue('')

  // Escape and ? together: the ? is the page's (the help), not text for the closed palette's field (CI, stop 57).
  const SHIFT = 8
  await Promise.all([
    send('rawKeyDown', 'Escape', 'Escape', 27),
    send('keyUp', 'Escape', 'Escape', 27),
    cdp.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      key: '?',
      code: 'Slash',
      text: '?',
      windowsVirtualKeyCode: 191,
      modifiers: SHIFT,
    }),
    send('keyUp', '?', 'Slash', 191, SHIFT),
  ])
  await expect(help(page)).toBeVisible()
  await expect(palette(page)).toHaveCount(0)
})

test('keys typed right after Ctrl+K, before the palette has loaded, go into it in order', async ({ page }) => {
  // Ctrl+K as soon as the search is enabled, often before the shortcuts listen: early-keys.ts holds what follows.
  // The palette's code comes late, as on a loaded machine (0.5 to 1.3 s there).
  await holdChunk(page, PALETTE_MARKER, 1_000)
  await page.goto('/calls')
  const search = page.getByRole('searchbox', { name: 'Search' })
  await expect(search).toBeEnabled()
  await search.focus()
  await page.keyboard.press('Control+k')
  await page.keyboard.type('audix')
  await page.keyboard.press('Backspace')
  const field = palette(page).getByRole('combobox', { name: 'Command' })
  await expect(field).toBeFocused()
  await expect(field).toHaveValue('audi')
  await page.keyboard.press('Escape')
  await expect(palette(page)).toHaveCount(0)
  // None of it went into the page's search.
  await expect(search).toHaveValue('')

  // An Enter typed before it shows runs what the text chose, once it is there.
  await page.reload()
  await expect(heading(page, 'Calls')).toBeVisible()
  await page.keyboard.press('Control+k')
  await page.keyboard.type('usage')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL((url) => url.pathname === '/usage')
  await expect(palette(page)).toHaveCount(0)
})

test('keys typed in a field, or while a dialog is open, are not shortcuts', async ({ page }) => {
  await page.goto('/calls')
  const search = page.getByRole('searchbox', { name: 'Search' })
  await expect(dataRows(callsTable(page)).first()).toBeVisible()
  await search.focus()
  await page.keyboard.type('gcjkx/?')
  await expect(search).toHaveValue('gcjkx/?')
  await expect(search).toBeFocused()
  await expect(help(page)).toHaveCount(0)
  expect(new URL(page.url()).pathname).toBe('/calls')

  await page.getByLabel('Status').focus()
  await page.keyboard.press('j')
  await page.keyboard.press('g')
  await page.keyboard.press('u')
  await expect(page.getByLabel('Status')).toBeFocused()
  expect(new URL(page.url()).pathname).toBe('/calls')

  await page.goto('/usage')
  await expect(heading(page, 'Usage')).toBeVisible()
  await page.keyboard.press('?')
  await expect(help(page)).toBeVisible()
  for (const key of ['g', 'c', '/', 'j']) await page.keyboard.press(key)
  await page.keyboard.press('Control+k')
  await expect(palette(page)).toHaveCount(0)
  expect(new URL(page.url()).pathname).toBe('/usage')
  await page.keyboard.press('Escape')
  await expect(help(page)).toHaveCount(0)
})

for (const scheme of ['light', 'dark'] as const) {
  test(`the palette and the help have no accessibility violations (${scheme})`, async ({ page }) => {
    // axe over a whole page takes 40 s on a loaded 2-core machine.
    test.slow()
    await page.emulateMedia({ colorScheme: scheme })
    await page.goto('/calls')
    await expect(dataRows(callsTable(page)).first()).toBeVisible()
    await openPalette(page)
    await page.keyboard.type('4155')
    await expect(palette(page).getByRole('option', { name: /^Search calls|^Show calls/ })).toBeVisible()
    expect(await axeViolations(page, { tags: WCAG_21_AA })).toEqual([])
    await page.keyboard.press('Escape')
    await expect(palette(page)).toHaveCount(0)

    await page.keyboard.press('?')
    await expect(help(page)).toBeVisible()
    expect(await axeViolations(page, { tags: WCAG_21_AA })).toEqual([])
  })
}
