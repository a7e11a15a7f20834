// A support agent's journey in WebKit (Debian's WebKitGTK MiniBrowser through WebKitWebDriver and selenium).
// Playwright runs it for its steps, timeouts and report; it opens no Playwright browser. Clicks are WebDriver
// pointer actions at a point of the page, so WebKit's own hit testing decides what is clicked.
import { writeFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { By, error, Key, until, type WebDriver, type WebElement } from 'selenium-webdriver'
import { ports, urls } from '../support/servers'
import {
  CALL_ID,
  COMPLETED,
  committedMinutes,
  DESTINATION,
  findRecordedCall,
  MANAGER,
  rowCallIds,
  rowsToCheck,
  STEPS,
  SUPPORT,
  stableListPath,
  wrongCall,
} from './journey-steps'
import { by, pointerClick, startWebKit, visible, WAIT_MS, type WebKitSession, waitUntil } from './webkit-driver'

let session: WebKitSession
let driver: WebDriver

test.beforeAll(async () => {
  session = await startWebKit(ports.webDriver)
  driver = session.driver
})

test.afterAll(async () => {
  await session?.stop()
})

// Playwright's screenshot option covers its own pages only: this one is WebKit's.
// biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructuring pattern here, and no fixture is used.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus || !driver) return
  const path = testInfo.outputPath('webkit-failure.png')
  const png = await driver.takeScreenshot().catch(() => null)
  if (!png) return
  writeFileSync(path, png, 'base64')
  await testInfo.attach('screenshot', { path, contentType: 'image/png' })
})

const goto = (path: string) => driver.get(`${urls.browsersApp}${path}`)
const path = async () => new URL(await driver.getCurrentUrl()).pathname

async function signIn(who: { email: string; password: string }) {
  await goto('/sign-in')
  await visible(driver, by.heading('Sign in'), 'The "Sign in" heading')
  await (await visible(driver, by.field('Email'), 'The Email field')).sendKeys(who.email)
  await (await visible(driver, by.field('Password'), 'The Password field')).sendKeys(who.password)
  await pointerClick(driver, await visible(driver, by.button('Sign in'), 'The "Sign in" button'))
  const signedIn = await visible(driver, by.region('Signed in'), 'The "Signed in" part of the header')
  // Its text, not WebDriver's "visible text": WebKit's driver leaves out the text of an element cut with an ellipsis
  // (the header's email, `truncate`), even when all of it shows.
  const text = async () => (await signedIn.getAttribute('textContent')) ?? ''
  await waitUntil(driver, async () => (await text()).includes(who.email), `signed in as ${who.email}`)
}

/** The calls list before today; its rows. */
const LIST_ROWS = By.xpath('//main//table/tbody/tr')

/**
 * The calls list once it has settled: the same calls in two reads half a second apart. A call the Firefox journey
 * placed just before can reach the list after its first rows (the list re-rendered them under the journey, which
 * then read other calls, or a row that was gone).
 */
async function openList() {
  await goto(stableListPath())
  await visible(driver, by.heading('Calls'), 'The "Calls" heading')
  await visible(driver, LIST_ROWS, 'A row of the calls list')
  let last = ''
  await waitUntil(
    driver,
    async () => {
      let ids: string
      try {
        const rows = await driver.findElements(LIST_ROWS)
        ids = rowCallIds(await Promise.all(rows.map((row) => row.getText()))).join(' ')
      } catch (cause) {
        if (cause instanceof error.StaleElementReferenceError) ids = ''
        else throw cause
      }
      const settled = ids !== '' && ids === last
      last = ids
      if (!settled) await driver.sleep(500)
      return settled
    },
    'the calls list showed the same calls twice in a row',
  )
  return driver.findElements(LIST_ROWS)
}

/** Waits for a call page to open and returns its call id. */
async function openedCall(): Promise<string> {
  await waitUntil(driver, async () => (await path()).startsWith('/calls/call_'), 'a call page opened')
  return CALL_ID.exec(await path())?.[0] ?? ''
}

test('a support agent’s journey in WebKit', async () => {
  await test.step(STEPS.signIn, () => signIn(SUPPORT))

  await test.step(STEPS.rows, async () => {
    const rowIds = async (rows: WebElement[]) => rowCallIds(await Promise.all(rows.map((row) => row.getText())))
    const ids = await rowIds(await openList())
    for (const index of rowsToCheck(ids.length)) {
      const rows = await openList()
      expect(await rowIds(rows), 'the list moved while the journey clicked it').toEqual(ids)
      const row = rows[index]
      if (!row) throw new Error(`No row ${index + 1}`)
      // The first cell without a link or button: a click there is a click on the row itself.
      const cell = await row.findElement(By.xpath('./td[not(.//a or .//button or .//input or .//select)]'))
      await pointerClick(driver, cell, `Row ${index + 1}`)
      const opened = await openedCall()
      expect(opened, wrongCall(index, ids, opened)).toBe(ids[index])
      await visible(driver, by.headingStarting('Call to '), 'The call page’s heading')
    }
  })

  await test.step(STEPS.notRows, async () => {
    await openList()
    await pointerClick(driver, await visible(driver, by.link('New call', '//main'), 'The "New call" button'))
    await waitUntil(driver, async () => (await path()) !== '/calls', 'a page opened on "New call"')
    expect(await path(), 'what a click on "New call" opened').toBe('/calls/new')
    await visible(driver, by.heading('New call'), 'The "New call" heading')

    await openList()
    const listUrl = await driver.getCurrentUrl()
    const fromDate = await visible(driver, by.field('From date'), 'The "From date" filter')
    await pointerClick(driver, fromDate)
    // A call would open within a few hundred milliseconds (the list's link is client-side).
    await driver.sleep(1000)
    expect(await driver.getCurrentUrl(), 'the date filter opened a call').toBe(listUrl)
    const focused = await driver.executeScript('return document.activeElement === arguments[0]', fromDate)
    expect(focused, 'the date filter has the focus after a click on it').toBe(true)
  })

  await test.step(STEPS.keys, async () => {
    await openList()
    const focused = (element: WebElement) =>
      driver.executeScript<boolean>('return document.activeElement === arguments[0]', element)
    const search = await visible(driver, by.field('Search'), 'The Search field')
    await driver.actions().sendKeys('/').perform()
    await waitUntil(driver, () => focused(search), '"/" focused the search')
    expect(await search.getAttribute('value'), 'the "/" typed into the search').toBe('')
    const command = by.inRegion('Command palette', '//input[@role="combobox"]')
    const pressCtrlK = () => driver.actions().keyDown(Key.CONTROL).sendKeys('k').keyUp(Key.CONTROL).perform()
    await pressCtrlK()
    // WebKitGTK under WebDriver now and then opens nothing for a Ctrl+K sent right after "/" (seen on a loaded
    // machine, 1 run in 3, never in Chromium or Firefox, nor by hand); a person presses it again, and so do we, once.
    const opened = await driver.wait(until.elementLocated(command), 5_000).then(
      () => true,
      () => false,
    )
    if (!opened) {
      console.warn('WebKit: the first Ctrl+K opened no palette; pressed again')
      await pressCtrlK()
    }
    const input = await visible(driver, command, 'The command palette’s field')
    await waitUntil(driver, () => focused(input), 'Ctrl+K put the focus in the palette')
    await driver.actions().sendKeys('live', Key.ENTER).perform()
    await waitUntil(driver, async () => (await path()) === '/live', 'the palette’s "live" opened /live')
    await visible(driver, by.heading('Live calls'), 'The "Live calls" heading')
  })

  await test.step(STEPS.recording, async () => {
    const call = await findRecordedCall()
    await goto(`/calls/${call.call_id}`)
    await visible(driver, by.headingStarting('Call to '), 'The call page’s heading')
    const play = await visible(driver, by.inRegion('Recording 1', '//button[normalize-space()="Play"]'), 'Play')
    await waitUntil(driver, () => play.isEnabled(), 'Play became enabled')
    await pointerClick(driver, play)
    await visible(driver, by.inRegion('Recording 1', '//button[normalize-space()="Pause"]'), 'Pause (playing)')
    const audio = await driver.findElement(by.inRegion('Recording 1', '//audio'))
    const media = () =>
      driver.executeScript<{ time: number; paused: boolean; error: number | null }>(
        'const a = arguments[0]; return { time: a.currentTime, paused: a.paused, error: a.error && a.error.code }',
        audio,
      )
    await waitUntil(
      driver,
      async () => {
        const state = await media()
        if (state.error) throw new Error(`The audio element failed with MediaError code ${state.error}`)
        return !state.paused && state.time > 0.5
      },
      'the recording played past 0.5 s',
    )
    expect(await driver.findElements(by.inRegion('Recording 1', '//*[@role="alert"]'))).toHaveLength(0)
  })

  await test.step(STEPS.placeCall, async () => {
    await goto('/calls/new')
    await visible(driver, by.heading('New call'), 'The "New call" heading')
    await (await visible(driver, by.field('Destination'), 'The Destination field')).sendKeys(DESTINATION)
    const record = await visible(driver, by.field('Record call'), 'The "Record call" box')
    await pointerClick(driver, record)
    await waitUntil(driver, () => record.isSelected(), 'the click on "Record call" ticked it')
    await pointerClick(driver, await visible(driver, by.button('Place call'), 'The "Place call" button'))
    await openedCall()
    await visible(driver, by.headingStarting('Call to '), 'The call page’s heading')
    const main = await driver.findElement(by.main())
    await waitUntil(driver, async () => COMPLETED.test(await main.getText()), 'the call page says Completed', 60_000)
    await visible(driver, by.inRegion('Recording 1', '//button[normalize-space()="Play"]'), 'The new recording’s Play')
  })

  await test.step(STEPS.usage, async () => {
    // Sign out sits in the person's menu, opened by the button that names them.
    const menu = by.inRegion('Signed in', `//button[contains(normalize-space(), '${SUPPORT.email}')]`)
    await pointerClick(driver, await visible(driver, menu, 'The signed-in person’s menu button'))
    const signOut = by.inRegion('Signed in', '//button[normalize-space()="Sign out"]')
    await pointerClick(driver, await visible(driver, signOut, 'Sign out'))
    await visible(driver, by.heading('Sign in'), 'The "Sign in" heading after signing out')
    await signIn(MANAGER)
    await goto('/usage')
    await visible(driver, by.heading('Usage'), 'The "Usage" heading')
    const period = await visible(driver, by.region('Current period'), 'The "Current period" section')
    const committed = await committedMinutes()
    await waitUntil(
      driver,
      async () => (await period.getText()).includes(committed),
      `the current period shows ${committed}`,
      WAIT_MS,
    )
  })
})
