// axe's findings on a page once it settles, one line each. A toast fading in ("Call ended") is measured at part
// opacity and fails a contrast it meets at rest, so motion is reduced (as a person may ask for) and running
// transitions are let finish before axe looks.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** WCAG 2.1 A and AA, and axe's best practices. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

export async function axeViolations(
  page: Page,
  options: { tags?: string[]; include?: string } = {},
): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  // At most 5 s: an animation that never finishes (paused, or restarted by a theme switch) must not hold axe.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => {})),
      ),
      new Promise((settled) => setTimeout(settled, 5_000)),
    ]),
  )
  // A list refreshing behind its last rows is dimmed (opacity-60) and aria-busy until its answer: axe judges the page
  // it settles on, as it once judged a search's dimmed rows for contrast in CI.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 10_000 })
  // Legacy mode runs axe.run in the page itself. The default (runPartial in each frame, then finishRun in a blank
  // page it opens) costs a new page per check, about 1 s on a quiet machine and more on a loaded one; it exists
  // for cross-origin frames, and the dashboard has no frames.
  let axe = new AxeBuilder({ page }).setLegacyMode()
  if (options.tags) axe = axe.withTags(options.tags)
  if (options.include) axe = axe.include(options.include)
  const { violations } = await axe.analyze()
  return violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)
}
