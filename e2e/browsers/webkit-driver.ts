// Debian's WebKitWebDriver and MiniBrowser (package webkit2gtk-driver), driven by selenium-webdriver: Playwright's
// WebKit is its own patched build and cannot drive these. MiniBrowser needs an X display: run under `xvfb-run -a`.
// And small helpers that find elements the way a person would, by role-like element and accessible name.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { Builder, By, Capabilities, Origin, until, type WebDriver, type WebElement } from 'selenium-webdriver'
import { type StablePoint, stablePointInPage, untilStable } from './stable-point'

// CI runs these journeys beside the hard tests and the benches (kills, restarts, load on both cores): a stop's CI
// failed test:browsers there with 15 s bounds (2026-12-07) while both journeys pass in about a minute alone.
const START_TIMEOUT_MS = 30_000
/** How long a find or a wait lasts before it fails with its own message. */
export const WAIT_MS = 30_000

/** MiniBrowser from webkit2gtk-driver: /usr/lib/<triplet>/webkit2gtk-4.x/MiniBrowser, or WEBKIT_MINIBROWSER. */
function findMiniBrowser(): string {
  const fromEnv = process.env.WEBKIT_MINIBROWSER
  if (fromEnv) return fromEnv
  for (const triplet of readdirSync('/usr/lib')) {
    for (const api of ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0']) {
      const candidate = join('/usr/lib', triplet, api, 'MiniBrowser')
      if (existsSync(candidate)) return candidate
    }
  }
  throw new Error('No MiniBrowser found: sudo apt-get install -y webkit2gtk-driver (or set WEBKIT_MINIBROWSER)')
}

export interface WebKitSession {
  driver: WebDriver
  stop: () => Promise<void>
}

/** WebKitWebDriver on a loopback port, and a MiniBrowser session through it. */
export async function startWebKit(port: number): Promise<WebKitSession> {
  if (!process.env.DISPLAY)
    throw new Error('No DISPLAY: run the WebKit journey under xvfb-run -a (npm run test:browsers)')
  const miniBrowser = findMiniBrowser()
  const log: string[] = []
  const server = spawn('WebKitWebDriver', [`--port=${port}`, '--host=local'], { stdio: ['ignore', 'pipe', 'pipe'] })
  server.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
  const stopServer = () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM')
  }
  try {
    await waitForServer(server, `http://127.0.0.1:${port}/status`, log)
    const capabilities = new Capabilities()
      .set('browserName', 'MiniBrowser')
      .set('webkitgtk:browserOptions', { binary: miniBrowser, args: ['--automation'] })
    const driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(capabilities).build()
    await driver.manage().setTimeouts({ pageLoad: 30_000, script: 30_000, implicit: 0 })
    await driver.manage().window().setRect({ width: 1280, height: 800 })
    return {
      driver,
      stop: async () => {
        await driver.quit().catch(() => {})
        stopServer()
      },
    }
  } catch (error) {
    stopServer()
    throw error
  }
}

async function waitForServer(server: ChildProcess, statusUrl: string, log: string[]) {
  let failure: Error | null = null
  server.once('error', (error) => {
    failure = new Error(`Could not start WebKitWebDriver (${error.message}): sudo apt-get install -y webkit2gtk-driver`)
  })
  server.once('exit', (code) => {
    failure ??= new Error(`WebKitWebDriver exited with ${code}:\n${log.join('')}`)
  })
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (failure) throw failure
    const ready = await fetch(statusUrl, { signal: AbortSignal.timeout(1000) }).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`WebKitWebDriver did not answer ${statusUrl} within ${START_TIMEOUT_MS} ms:\n${log.join('')}`)
}

/** A string as an XPath literal, whatever quotes it holds. */
function literal(text: string): string {
  if (!text.includes("'")) return `'${text}'`
  if (!text.includes('"')) return `"${text}"`
  return `concat('${text.split("'").join(`', "'", '`)}')`
}

/** Elements by what a person reads: headings, buttons, links, labelled fields and named regions. */
export const by = {
  heading: (name: string) => By.xpath(`//h1[normalize-space()=${literal(name)}]`),
  headingStarting: (prefix: string) => By.xpath(`//h1[starts-with(normalize-space(), ${literal(prefix)})]`),
  button: (name: string) => By.xpath(`//button[normalize-space()=${literal(name)} or @aria-label=${literal(name)}]`),
  link: (name: string, within = '') => By.xpath(`${within}//a[normalize-space()=${literal(name)}]`),
  /** An input or select by its label: tied with for=, or wrapped in it. */
  field: (label: string) =>
    By.xpath(
      `//*[@id=//label[normalize-space()=${literal(label)}]/@for] | ` +
        `//label[normalize-space()=${literal(label)}]//*[self::input or self::select]`,
    ),
  /** A landmark or article named by aria-label or by the element aria-labelledby points at. */
  region: (name: string) =>
    By.xpath(`//*[@aria-label=${literal(name)} or @aria-labelledby=//*[normalize-space()=${literal(name)}]/@id]`),
  inRegion: (region: string, xpath: string) =>
    By.xpath(
      `//*[@aria-label=${literal(region)} or @aria-labelledby=//*[normalize-space()=${literal(region)}]/@id]${xpath}`,
    ),
  main: () => By.css('main'),
}

/** The element once it is there and visible; when it is not, the error says what the page showed instead. */
export async function visible(driver: WebDriver, locator: By, what: string): Promise<WebElement> {
  return tellingThePage(driver, async () => {
    const element = await driver.wait(until.elementLocated(locator), WAIT_MS, `${what} did not appear`)
    await driver.wait(until.elementIsVisible(element), WAIT_MS, `${what} did not become visible`)
    return element
  })
}

/** The wait's result; its failure's message gains what the page showed. */
async function tellingThePage<T>(driver: WebDriver, wait: () => Promise<T>): Promise<T> {
  try {
    return await wait()
  } catch (cause) {
    if (cause instanceof Error) cause.message += `\n${await pageShown(driver)}`
    throw cause
  }
}

/**
 * Where the page is and what a person reads on it, for a failure's message: CI keeps its log, not the screenshot.
 * A page that cannot be read (the session gone) says so rather than hiding the first error.
 */
async function pageShown(driver: WebDriver): Promise<string> {
  const script = `const text = (document.body && document.body.innerText) || ''
    return { url: location.href, ready: document.readyState, text: text.replace(/\\s+/g, ' ').slice(0, 600) }`
  try {
    const page = await driver.executeScript<{ url: string; ready: string; text: string }>(script)
    return `The page was ${page.url} (${page.ready}), reading: ${page.text || '(nothing)'}`
  } catch (error) {
    return `The page could not be read: ${String(error)}`
  }
}

/** Waits until the condition holds, bounded; the message says what never happened and what the page showed. */
export async function waitUntil(
  driver: WebDriver,
  condition: () => Promise<boolean>,
  what: string,
  timeout = WAIT_MS,
): Promise<void> {
  await tellingThePage(driver, () => driver.wait(condition, timeout, `Timed out after ${timeout} ms: ${what}`))
}

/**
 * The centre of an element in viewport pixels, once it is ready for a pointer (stable-point.ts): scrolled to the
 * middle of the window, visible, enabled, still for two animation frames, and what a click there would hit.
 */
async function stableCentreOf(
  driver: WebDriver,
  element: WebElement,
  what = 'The element',
): Promise<{ x: number; y: number }> {
  const script = `const done = arguments[arguments.length - 1];
    (${stablePointInPage.toString()})(arguments[0]).then(done, (error) => done({ notReady: String(error) }))`
  return untilStable(() => driver.executeAsyncScript<StablePoint>(script, element), what, WAIT_MS)
}

/** A real mouse click (WebDriver pointer actions) at a point of the viewport: WebKit's own hit test decides. */
async function clickAt(driver: WebDriver, point: { x: number; y: number }) {
  await driver.actions({ async: true }).move({ origin: Origin.VIEWPORT, x: point.x, y: point.y }).click().perform()
}

/** A real mouse click at the centre of an element once it is ready for one, as Playwright's click waits. */
export async function pointerClick(driver: WebDriver, element: WebElement, what?: string) {
  await clickAt(driver, await stableCentreOf(driver, element, what))
}
