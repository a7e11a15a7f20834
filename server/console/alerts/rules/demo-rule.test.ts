// Under npm start (demo users on), the console adds one usage rule a little above the demo account's usage,
// once: a restart with the rule still ahead adds no other. A production start adds none.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConsoleConfig } from '../../config'
import { createLogger } from '../../http/request-log'
import { startConsole } from '../../server'
import { freePort } from '../../test-support/free-port'
import { type SimulatorProcess, simulatorGet, startSimulatorProcess } from '../../test-support/simulator-process'
import { makeDist } from '../../test-support/stand-in-dist'
import { DEMO_RULE_MARGIN } from './demo-rule'

let sim: SimulatorProcess
beforeAll(async () => {
  sim = await startSimulatorProcess({ VOICE_SIM_SEED_CALLS: '400' })
}, 60_000)
afterAll(async () => {
  await sim?.stop()
})

async function start(dbPath: string, demo: boolean, env: Record<string, string> = {}) {
  const config = loadConsoleConfig({
    PORT: String(await freePort()),
    CONSOLE_DB: dbPath,
    DASHBOARD_DIST: makeDist(),
    VOICE_API_BASE_URL: sim.url,
    VOICE_API_KEY: sim.key,
    CONSOLE_INDEX: 'off',
    CONSOLE_LIVE: 'off',
    ...env,
  })
  return startConsole({ ...config, demoUsers: demo }, { logger: createLogger('off') })
}

const usagePercents = async (running: Awaited<ReturnType<typeof start>>) =>
  (await running.store.alertRules.list()).filter((rule) => rule.kind === 'usage-percent').map((rule) => rule.percent)

it('adds one rule a little above the usage under npm start (none when a default is already), and no more on a restart', async () => {
  const { committed_minutes, actual_minutes_used } = await simulatorGet<{
    committed_minutes: number
    actual_minutes_used: number
  }>(sim, '/usage')
  const usedPercent = (actual_minutes_used * 100) / committed_minutes
  const wanted = Math.floor(usedPercent) + DEMO_RULE_MARGIN
  // A default already a little above the usage (50% on a day the usage is 49.3%) serves: the demo adds none.
  const defaultAhead = [50, 80, 90, 100].find((percent) => percent > usedPercent && percent <= wanted)
  const added = defaultAhead === undefined ? [wanted] : []
  const path = join(mkdtempSync(join(tmpdir(), 'demo-rule-')), 'console.sqlite')

  const first = await start(path, true)
  const percents = await usagePercents(first)
  expect(percents).toContain(defaultAhead ?? wanted)
  expect(percents.filter((p) => ![50, 80, 90, 100].includes(p ?? 0))).toEqual(added)
  const audited = await first.store.db
    .selectFrom('audit_log')
    .select('detail')
    .where('action', '=', 'alert-rule.created')
    .execute()
  expect(audited.map((row) => JSON.parse(row.detail ?? '{}').via)).toEqual(added.map(() => 'demo'))
  // The evaluator's first round at start fires exactly the rules already due. Which ones depends on the day
  // of the month (the simulator's usage grows through its period), so the test reads the usage, never assumes it.
  const due = percents.filter((percent) => percent !== null && percent <= usedPercent).sort()
  const fired = async () =>
    (
      await first.store.db
        .selectFrom('alert_firings')
        .innerJoin('alert_rules', 'alert_rules.id', 'alert_firings.rule_id')
        .select('alert_rules.percent')
        .execute()
    )
      .map((row) => row.percent)
      .sort()
  const deadline = Date.now() + 10_000
  while ((await fired()).length < due.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  await new Promise((r) => setTimeout(r, 300))
  expect(await fired()).toEqual(due)
  await first.close()

  const second = await start(path, true)
  expect(await usagePercents(second)).toEqual(percents)
  await second.close()

  const production = await start(join(mkdtempSync(join(tmpdir(), 'demo-rule-')), 'console.sqlite'), false)
  expect(await usagePercents(production)).toEqual([50, 80, 90, 100])
  await production.close()
}, 60_000)

it('adds none and evaluates nothing with CONSOLE_ALERTS=off', async () => {
  const running = await start(join(mkdtempSync(join(tmpdir(), 'demo-rule-')), 'console.sqlite'), true, {
    CONSOLE_ALERTS: 'off',
  })
  expect(await usagePercents(running)).toEqual([50, 80, 90, 100])
  // A rule at 1% is due as soon as any minute is used: an evaluator would have fired it by now.
  await running.store.alertRules.create({ kind: 'usage-percent', percent: 1, enabled: true }, null, Date.now())
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(await running.store.db.selectFrom('alert_firings').selectAll().execute()).toEqual([])
  await running.close()
}, 30_000)
