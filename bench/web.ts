// npm run bench:web [-- --runs 3 --seed 100000 --calls 8 --speed 4 --pages /calls,/usage]
// Builds the dashboard, serves it with the console's production start (`npm run serve`, people
// added with its CLI) in front of a simulator seeded with many calls, signs in, and measures in
// headless Chromium with that session: Lighthouse, the first calls row, live status latency.
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium'
import { integerOption } from './integer-option'
import { measureFirstRow } from './web/first-row'
import { runLighthouse } from './web/lighthouse'
import { measureLiveStatus } from './web/live-status'
import { benchPages } from './web/pages'
import { webBenchReport } from './web/report'
import { startBenchServers } from './web/servers'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '100000' },
    calls: { type: 'string', default: '8' },
    // Calls to the answering test number end within a minute at 4x (talk of up to 4 minutes / 4).
    speed: { type: 'string', default: '4' },
    // Lighthouse on these pages only (names as the report's columns begin: /calls, call page, /live, /usage), for a
    // before and after of one change run back to back while the machine's load holds.
    pages: { type: 'string' },
  },
})

const runs = integerOption('runs', values.runs, 1, 20)
const seedCalls = integerOption('seed', values.seed, 0, 2_000_000)
const calls = integerOption('calls', values.calls, 1, 20)
const speed = integerOption('speed', values.speed, 1, 100)
const pageNames = values.pages?.split(',').map((name) => name.trim())

async function main() {
  const loadBefore = loadavg()[0] ?? 0
  const servers = await startBenchServers({ seedCalls, speed })
  try {
    const { appUrl, session } = servers
    const pages = (await benchPages(appUrl, session)).filter(
      (page) => !pageNames || pageNames.some((name) => page.name.startsWith(name)),
    )
    if (pages.length === 0) throw new Error(`--pages ${values.pages}: no such page`)
    const lighthouse = await runLighthouse(pages, runs, session)
    const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
    try {
      const firstRow = await measureFirstRow(browser, { url: `${appUrl}/calls`, session }, runs)
      // Last, because the calls it places change the list the other measures read.
      const live = await measureLiveStatus(browser, { appUrl, session, dbPath: servers.dbPath, calls })
      const only = pageNames ? ` --pages ${pageNames.join(',')}` : ''
      const command = `npm run bench:web -- --runs ${runs} --seed ${seedCalls} --calls ${calls} --speed ${speed}${only}`
      const results = { command, seedCalls, seedSeconds: servers.seedSeconds, runs, speed, loadBefore }
      console.log(webBenchReport({ ...results, lighthouse, firstRow, live }))
    } finally {
      await browser.close()
    }
  } finally {
    await servers.stop()
  }
}

await main()
