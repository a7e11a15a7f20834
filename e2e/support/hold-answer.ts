import type { Page } from '@playwright/test'

/**
 * Holds back the answers to the requests `url` matches (those whose body `holds` picks, when it is given), as a slow
 * connection or a loaded machine does: each time one is asked for, by `ms`, or without `ms` until the returned
 * function is called. That function throws when no such answer was asked for (one still on its way from the server
 * counts): a hold that held nothing proves nothing.
 */
export async function holdAnswer(
  page: Page,
  url: RegExp,
  { holds, ms, what = `an answer to ${url}` }: { holds?: (body: string) => boolean; ms?: number; what?: string } = {},
): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let seen = false
  // Asked for and still on its way from the server: held too, once it is here (seen is known only then).
  let onTheWay = 0
  await page.route(url, async (route) => {
    onTheWay += 1
    let arrived = false
    try {
      const response = await route.fetch()
      const body = await response.text()
      arrived = true
      onTheWay -= 1
      if (!holds || holds(body)) {
        seen = true
        await (ms === undefined ? released : new Promise((resolve) => setTimeout(resolve, ms)))
      }
      await route.fulfill({ response, body })
    } catch {
      if (!arrived) onTheWay -= 1
      // The page went on while the answer was on its way (a reload, the journey's end): nobody waits for it now.
      await route.abort().catch(() => {})
    }
  })
  return () => {
    if (!seen && onTheWay === 0) throw new Error(`${what} was not asked for`)
    release()
  }
}

/**
 * Holds back the lazy chunk whose code holds `marker` (holdAnswer). Chunks are named by their hash alone
 * (vite.config.ts), so the chunk is known by a text of its own: routes on the old names (`command-palette-*.js`)
 * matched nothing for weeks.
 */
export const holdChunk = (page: Page, marker: string, ms?: number) =>
  holdAnswer(page, /\/assets\/[^/]+\.js$/, {
    holds: (body) => body.includes(marker),
    ms,
    what: `a chunk holding "${marker}"`,
  })
