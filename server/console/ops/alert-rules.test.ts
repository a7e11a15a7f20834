// deploy/prometheus/alerts.yml against a real console's /metrics: every metric a rule names is one the console
// exports (a renamed metric would leave an alert that never fires), and /metrics names the release it runs.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { rawRequest, startTestServer, type TestServer } from '../test-support/running-console'

const TOKEN = 'alert-rules-metrics-token-0123456789'
interface Rule {
  alert: string
  expr: string
}
const rules = (
  parse(readFileSync('deploy/prometheus/alerts.yml', 'utf8')) as { groups: { rules: Rule[] }[] }
).groups.flatMap((group) => group.rules)

/** The metric names of a PromQL expression: identifiers that are not functions, operators or label names. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
  const operators = new Set(['and', 'or', 'unless', 'bool', 'offset'])
  return [...bare.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)]
    .map((match) => match[1] ?? '')
    .filter((name) => !operators.has(name) && !/^\d/.test(name))
}

let server: TestServer
let scrape: string
beforeAll(async () => {
  server = await startTestServer({ CONSOLE_METRICS_TOKEN: TOKEN, VOICE_API_BASE_URL: 'http://127.0.0.1:9' })
  const res = await rawRequest(server.port, '/metrics', {
    headers: { host: `localhost:${server.port}`, authorization: `Bearer ${TOKEN}` },
  })
  expect(res.status).toBe(200)
  scrape = res.body
})
afterAll(() => server?.close())

describe('the sample alert rules', () => {
  it('cover the store, readiness, upstream errors, the index lag and alert deliveries', () => {
    const named = new Set(rules.flatMap((rule) => metricNames(rule.expr)))
    for (const metric of [
      'console_store_reachable',
      'console_ready',
      'console_upstream_requests_total',
      'console_call_index_lag_seconds',
      'console_alert_deliveries_total',
    ])
      expect(named, metric).toContain(metric)
  })

  it('name only metrics the console exports', () => {
    const exported = new Set([...scrape.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]))
    for (const rule of rules)
      for (const metric of metricNames(rule.expr)) expect(exported, `${rule.alert}: ${metric}`).toContain(metric)
  })
})

describe('/metrics', () => {
  it('names the release this instance runs, and says it is ready and reaches its store', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
    expect(scrape).toContain(`console_build_info{version="${version}",node="${process.versions.node}"} 1`)
    expect(scrape).toMatch(/^console_ready 1$/m)
    expect(scrape).toMatch(/^console_store_reachable 1$/m)
  })
})
