// The browser's side of `npm run test:size`: what a cold load of /calls really fetches.
// Heavy libraries are recognised by the markers that the size check proves are theirs.

import { HEAVY_LIBRARIES } from '../scripts/bundle/heavy-libraries'
import { expect, type Page, type Response, test } from './support/test'

interface Script {
  body: string
  transferredBytes: number
  encoding: string
}

async function readScript(response: Response): Promise<Script> {
  const [body, sizes] = await Promise.all([response.body(), response.request().sizes()])
  const encoding = response.headers()['content-encoding'] ?? 'none'
  return { body: body.toString('latin1'), transferredBytes: sizes.responseBodySize, encoding }
}

/** Records every JavaScript response from now until the returned function is called. */
function recordScripts(page: Page): () => Promise<Script[]> {
  const scripts: Promise<Script>[] = []
  const onResponse = (response: Response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(readScript(response))
  }
  page.on('response', onResponse)
  return () => {
    page.off('response', onResponse)
    return Promise.all(scripts)
  }
}

const heavyLibrariesIn = (scripts: Script[]) =>
  HEAVY_LIBRARIES.filter(({ marker }) => scripts.some((script) => script.body.includes(marker))).map(
    (library) => library.packageName,
  )

test('a cold load of /calls fetches no chart, waveform, forms or phone-validation code', async ({ page }) => {
  const stopRecording = recordScripts(page)
  await page.goto('/calls')
  await expect(page.getByRole('table', { name: 'Calls, newest first' }).getByRole('row').nth(1)).toBeVisible()
  const scripts = await stopRecording()

  const transferred = scripts.reduce((total, script) => total + script.transferredBytes, 0)
  const encodings = [...new Set(scripts.map((script) => script.encoding))].join(', ')
  console.log(
    `/calls cold load: ${scripts.length} JavaScript files, ${(transferred / 1000).toFixed(1)} KB transferred` +
      ` (content-encoding: ${encodings})`,
  )
  expect(scripts.length).toBeGreaterThan(0)
  expect(heavyLibrariesIn(scripts)).toEqual([])

  // The same detector sees recharts arrive with the page that draws charts.
  const stopUsageRecording = recordScripts(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible()
  // recharts loads with the first chart drawn, after the page's first render.
  await expect(page.getByTestId('usage-burn-up-chart').locator('.recharts-surface')).toBeVisible()
  expect(heavyLibrariesIn(await stopUsageRecording())).toContain('recharts')
})
