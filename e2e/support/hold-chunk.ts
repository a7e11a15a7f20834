import type { Page } from '@playwright/test'

/**
 * Holds back the lazy chunk whose code holds `marker`, as a slow connection or a loaded machine does: each time it is
 * asked for, by `ms`, or without `ms` until the returned function is called. Chunks are named by their hash alone
 * (vite.config.ts), so the chunk is known by a text of its own: routes on the old names (`command-palette-*.js`)
 * matched nothing for weeks.
 */
export async function holdChunk(page: Page, marker: string, ms?: number): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let seen = false
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    try {
      const response = await route.fetch()
      const body = await response.text()
      if (body.includes(marker)) {
        seen = true
        await (ms === undefined ? released : new Promise((resolve) => setTimeout(resolve, ms)))
      }
      await route.fulfill({ response, body })
    } catch {
      // The page went on while the chunk was on its way (a reload, the journey's end): nobody waits for it now.
      await route.abort().catch(() => {})
    }
  })
  return () => {
    if (!seen) throw new Error(`no chunk holding "${marker}" was asked for`)
    release()
  }
}
