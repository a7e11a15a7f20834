// Where to click an element, once it is ready for a pointer: what Playwright's own click waits for, for the
// clicks these journeys make themselves (WebDriver pointer actions in WebKit, page.mouse in Firefox). A click at
// a point computed while the page still moved landed on whatever had moved there: in one CI run, the user menu's
// notifications switch, loaded as the menu opened, pushed "Sign out" down under the pointer.

export type StablePoint = { x: number; y: number } | { notReady: string }

/**
 * Runs in the page. Scrolls the element to the middle of the window and answers with the centre of its box once
 * it is attached, visible, enabled, has kept the same box across two animation frames, and is what the browser's
 * hit test finds at that point; otherwise with why not, so the caller tries again.
 * Self-contained: it is sent to the browser as source.
 */
export function stablePointInPage(element: Element): Promise<StablePoint> {
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
  return (async (): Promise<StablePoint> => {
    if (!element.isConnected) return { notReady: 'it is no longer in the page' }
    element.scrollIntoView({ block: 'center' })
    const before = element.getBoundingClientRect()
    await frame()
    await frame()
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility !== 'visible') {
      return { notReady: 'it is not visible' }
    }
    if ((element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true') {
      return { notReady: 'it is disabled' }
    }
    if (box.x !== before.x || box.y !== before.y || box.width !== before.width || box.height !== before.height) {
      return { notReady: `it is moving (from ${before.x},${before.y} to ${box.x},${box.y})` }
    }
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    const hit = document.elementFromPoint(x, y)
    if (
      !hit ||
      !(hit === element || element.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === element))
    ) {
      return { notReady: `another element is at its centre (${hit?.tagName.toLowerCase() ?? 'nothing'})` }
    }
    return { x: Math.round(x), y: Math.round(y) }
  })()
}

/** Asks until the element is ready or the time is up; the error says what it last was. */
export async function untilStable(
  ask: () => Promise<StablePoint>,
  what: string,
  timeoutMs: number,
): Promise<{ x: number; y: number }> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const answer = await ask()
    if (!('notReady' in answer)) return answer
    if (Date.now() > deadline)
      throw new Error(`${what} was not ready to click after ${timeoutMs} ms: ${answer.notReady}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
