// Under npm start (demo users on), the console adds one usage rule a little above the demo account's usage,
// once: a restart with the rule still ahead adds no other. A production start adds none.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConsoleConfig } from '../../config'
import { createLogger } from '../../http/request-log'
import { startConsole } from '../../server'
import { makeDist } from '../../test-support/console-app'
import { freePort } from '../../test-support/running-console'
import { type SimulatorProcess, simulatorGet, startSimulatorProcess } from '../../test-support/simulator-process'
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

it('adds one rule a little above the usage under npm start, and no more on a restart', async () => {
  const { committed_minutes, actual_minutes_used } = await simulatorGet<{
    committed_minutes: number
    actual_minutes_used: number
  }>(sim, '/usage')
  const expected = Math.floor((actual_minutes_used * 100) / committed_minutes) + DEMO_RULE_MARGIN
  // A default of that percent exists already: the demo then has nothing to add.
  const added = [50, 80, 90, 100].includes(expected) ? [] : [expected]
  const path = join(mkdtempSync(join(tmpdir(), 'demo-rule-')), 'console.sqlite')

  const first = await start(path, true)
  const percents = await usagePercents(first)
  expect(percents).toContain(expected)
  expect(percents.filter((p) => ![50, 80, 90, 100].includes(p ?? 0))).toEqual(added)
  const audited = await first.store.db
    .selectFrom('audit_log')
    .select('detail')
    .where('action', '=', 'alert-rule.created')
    .execute()
  expect(audited.map((row) => JSON.parse(row.detail ?? '{}').via)).toEqual(added.map(() => 'demo'))
  // The console's evaluator runs its first round at start: Acme is past half its commitment.
  const deadline = Date.now() + 10_000
  const fiftyFired = () =>
    first.store.db.selectFrom('alert_firings').select('rule_id').where('rule_id', '=', 'rule_usage_50').execute()
  while ((await fiftyFired()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  expect(await fiftyFired()).toHaveLength(1)
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
  // Acme's usage is past 50% of its commitment: an evaluator would have fired that rule by now.
  const usage = await simulatorGet<{ committed_minutes: number; actual_minutes_used: number }>(sim, '/usage')
  expect(usage.actual_minutes_used * 2).toBeGreaterThanOrEqual(usage.committed_minutes)
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(await running.store.db.selectFrom('alert_firings').selectAll().execute()).toEqual([])
  await running.close()
}, 30_000)
