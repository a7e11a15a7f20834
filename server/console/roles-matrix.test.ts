// Every cell of the role matrix, with a real session, against the console in front of the real simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLES, type Role } from '../../src/api/contract/console-schemas'
import { parseCallingWindow } from './calling-hours/calling-window'
import { ALL_OPERATIONS, type Operation } from './operations'
import { can, ROLE_PERMISSIONS } from './roles'
import { createTestConsole, expectProblem, type TestConsole } from './test-support/console-app'
import {
  ACME_KEY,
  type SimulatorProcess,
  startSimulatorProcess,
  upstreamCounts,
} from './test-support/simulator-process'
import { findSamples, type Samples, sampleRequest } from './test-support/voice-samples'

const UPSTREAM_STATUS: Operation = { method: 'GET', route: '/api/console/upstream', permission: 'users:manage' }
// The console's own GET routes, each asked as written.
const CONSOLE_ROUTES: Operation[] = [
  UPSTREAM_STATUS,
  { method: 'GET', route: '/api/console/audit', permission: 'audit:read' },
  { method: 'GET', route: '/api/console/audit/actors', permission: 'audit:read' },
  { method: 'GET', route: '/api/console/audit/export.csv', permission: 'audit:read' },
  { method: 'GET', route: '/api/console/placed-by', permission: 'calls:read' },
  { method: 'GET', route: '/api/console/users', permission: 'users:manage' },
  { method: 'GET', route: '/api/console/events', permission: 'calls:read' },
  { method: 'GET', route: '/api/console/events/stats', permission: 'users:manage' },
  { method: 'GET', route: '/api/console/calls/search', permission: 'calls:read' },
  { method: 'GET', route: '/api/console/calls/index', permission: 'calls:read' },
  { method: 'GET', route: '/api/console/calls/placers', permission: 'calls:read' },
  { method: 'GET', route: '/api/console/calls/export.csv', permission: 'calls:read' },
  { method: 'GET', route: '/api/console/caller-id-suggestion?to=%2B15005550002', permission: 'calls:read' },
  { method: 'GET', route: '/api/console/caller-ids/flagged', permission: 'calls:read' },
  { method: 'GET', route: '/api/console/alerts/rules', permission: 'alerts:manage' },
  { method: 'GET', route: '/api/console/alerts/notices', permission: 'alerts:manage' },
  { method: 'GET', route: '/api/console/alerts/firings', permission: 'alerts:manage' },
  { method: 'GET', route: '/api/console/integrations', permission: 'integrations:manage' },
  { method: 'GET', route: '/api/console/integrations/deliveries', permission: 'integrations:manage' },
  { method: 'GET', route: '/api/console/call-lists', permission: 'call-lists:read' },
  { method: 'GET', route: '/api/console/call-lists/people', permission: 'call-lists:manage' },
  { method: 'GET', route: '/api/console/callbacks', permission: 'callbacks:work' },
  { method: 'GET', route: '/api/console/callbacks/overdue', permission: 'callbacks:oversee' },
  { method: 'GET', route: '/api/console/outcome-kinds', permission: 'calls:read' },
  { method: 'GET', route: '/api/console/do-not-call', permission: 'do-not-call:read' },
  { method: 'GET', route: '/api/console/calling-hours?phone_number=%2B13035550100', permission: 'calls:create' },
  { method: 'GET', route: '/api/console/recording-notice?phone_number=%2B33142685300', permission: 'calls:create' },
  { method: 'GET', route: '/api/console/erasures', permission: 'erasures:manage' },
  { method: 'GET', route: '/api/console/subject-access?phone_number=%2B13035550100', permission: 'erasures:manage' },
  { method: 'GET', route: '/api/console/scorecards', permission: 'calls:score' },
  {
    method: 'GET',
    route: '/api/console/usage/scores?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z',
    permission: 'usage:read',
  },
  { method: 'GET', route: '/api/console/report-subscriptions', permission: 'reports:subscribe' },
  { method: 'GET', route: '/api/console/usage/rate-unit', permission: 'usage:read' },
  { method: 'GET', route: '/api/console/sso-settings', permission: 'users:manage' },
]
const CELLS_OPERATIONS = [...ALL_OPERATIONS, ...CONSOLE_ROUTES]

// The matrix, written out by hand: a wrong edit of roles.ts disagrees with it.
const EXPECTED: Record<string, Role[]> = {
  'GET /api/v1/voice/calls': ['support', 'manager', 'admin'],
  'GET /api/v1/voice/calls/{call_id}': ['support', 'manager', 'admin'],
  'GET /api/v1/voice/calls/{call_id}/status': ['support', 'manager', 'admin'],
  'GET /api/v1/voice/calls/{call_id}/recordings': ['support', 'manager', 'admin'],
  'GET /storage/recordings/{call_id}.wav': ['support', 'manager', 'admin'],
  'GET /storage-proxy': ['support', 'manager', 'admin'],
  'POST /api/v1/voice/calls': ['support', 'admin'],
  'GET /api/v1/voice/caller-ids': ['support', 'manager', 'admin'],
  'POST /api/v1/voice/caller-ids': ['admin'],
  'GET /api/v1/voice/account': ['support', 'manager', 'admin'],
  'GET /api/v1/voice/usage': ['manager', 'admin'],
  'GET /api/v1/voice/usage/history': ['manager', 'admin'],
  'GET /api/console/upstream': ['admin'],
  'GET /api/console/audit': ['admin'],
  'GET /api/console/audit/actors': ['admin'],
  'GET /api/console/audit/export.csv': ['admin'],
  'GET /api/console/placed-by': ['support', 'manager', 'admin'],
  'GET /api/console/users': ['admin'],
  'GET /api/console/events': ['support', 'manager', 'admin'],
  'GET /api/console/events/stats': ['admin'],
  'GET /api/console/calls/search': ['support', 'manager', 'admin'],
  'GET /api/console/calls/index': ['support', 'manager', 'admin'],
  'GET /api/console/calls/placers': ['support', 'manager', 'admin'],
  'GET /api/console/calls/export.csv': ['support', 'manager', 'admin'],
  'GET /api/console/caller-id-suggestion?to=%2B15005550002': ['support', 'manager', 'admin'],
  'GET /api/console/caller-ids/flagged': ['support', 'manager', 'admin'],
  'GET /api/console/alerts/rules': ['manager', 'admin'],
  'GET /api/console/alerts/notices': ['manager', 'admin'],
  'GET /api/console/alerts/firings': ['manager', 'admin'],
  'GET /api/console/integrations': ['admin'],
  'GET /api/console/integrations/deliveries': ['admin'],
  'GET /api/console/call-lists': ['support', 'manager', 'admin'],
  'GET /api/console/call-lists/people': ['manager', 'admin'],
  'GET /api/console/callbacks': ['support', 'admin'],
  'GET /api/console/callbacks/overdue': ['manager', 'admin'],
  'GET /api/console/outcome-kinds': ['support', 'manager', 'admin'],
  'GET /api/console/do-not-call': ['support', 'manager', 'admin'],
  'GET /api/console/calling-hours?phone_number=%2B13035550100': ['support', 'admin'],
  'GET /api/console/recording-notice?phone_number=%2B33142685300': ['support', 'admin'],
  'GET /api/console/erasures': ['admin'],
  'GET /api/console/subject-access?phone_number=%2B13035550100': ['admin'],
  'GET /api/console/scorecards': ['manager', 'admin'],
  'GET /api/console/usage/scores?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z': ['manager', 'admin'],
  'GET /api/console/report-subscriptions': ['manager', 'admin'],
  'GET /api/console/usage/rate-unit': ['manager', 'admin'],
  'GET /api/console/sso-settings': ['admin'],
}

const name = (operation: Operation) => `${operation.method} ${operation.route}`

describe('the role matrix as written', () => {
  it("is the issue's table, cell by cell", () => {
    const derived = Object.fromEntries(
      CELLS_OPERATIONS.map((operation) => [name(operation), ROLES.filter((role) => can(role, operation.permission))]),
    )
    expect(derived).toEqual(EXPECTED)
  })

  it('gives only admins the user management and audit permissions', () => {
    expect(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('users:manage'))).toEqual(['admin'])
    expect(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('audit:read'))).toEqual(['admin'])
    expect(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('integrations:manage'))).toEqual(['admin'])
    expect(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('outcome-kinds:manage'))).toEqual(['admin'])
    expect(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('do-not-call:manage'))).toEqual(['admin'])
    // Issue 51: an agent records the work of the calls they placed; managers and admins change anyone's.
    expect(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('calls:work'))).toEqual(['support', 'admin'])
    expect(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('calls:work-any'))).toEqual(['manager', 'admin'])
    // Issue 52: only admins allow a call outside the callee's calling hours.
    expect(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('calling-hours:override'))).toEqual(['admin'])
    // Issue 52: only admins erase a number or export what is held about one.
    expect(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('erasures:manage'))).toEqual(['admin'])
    // Issue 53: admins keep the scorecards; managers and admins score calls, support never.
    expect(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('scorecards:manage'))).toEqual(['admin'])
    expect(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('calls:score'))).toEqual(['manager', 'admin'])
    // Issue 53: managers subscribe themselves to usage reports; only admins subscribe others.
    expect(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('reports:manage'))).toEqual(['admin'])
    // Issue 53: only admins state what the service's rate per minute counts.
    expect(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('usage:set-rate-unit'))).toEqual(['admin'])
  })
})

let sim: SimulatorProcess
let t: TestConsole
let samples: Samples
const cookies = {} as Record<Role, string>

beforeAll(async () => {
  sim = await startSimulatorProcess()
  // Calling hours on, at every hour: their routes are mounted, and no placement depends on the hour the test runs.
  t = await createTestConsole({
    upstream: sim.url,
    apiKey: ACME_KEY,
    callingHours: { window: parseCallingWindow('00:00-24:00'), byCountry: new Map() },
  })
  samples = await findSamples(sim)
  for (const role of ROLES) {
    await t.addUser(`${role}@example.com`, role)
    cookies[role] = await t.signIn(`${role}@example.com`)
  }
})
afterAll(async () => {
  await t?.store.close()
  await sim?.stop()
})

const cells = ROLES.flatMap((role) =>
  CELLS_OPERATIONS.map((operation) => {
    const allowed = can(role, operation.permission)
    return { role, operation, allowed, title: `${role} ${allowed ? 'may' : 'may not'} ${name(operation)}` }
  }),
)

describe('the role matrix on the server', () => {
  for (const { role, operation, allowed, title } of cells)
    it(title, async () => {
      const { path, json } = CONSOLE_ROUTES.includes(operation)
        ? { path: operation.route }
        : sampleRequest(operation, samples)
      const before = operation.method === 'POST' ? await upstreamCounts(sim) : null
      const res = await t.request(path, { method: operation.method, json, cookie: cookies[role] })

      if (allowed && res.headers.get('content-type') === 'text/event-stream') {
        // The live stream never ends by itself: its start is the answer.
        expect(res.status).toBe(200)
        await res.body?.cancel()
        return
      }
      if (allowed) {
        // The upstream's own answer passes through: a success, not a refusal of the console.
        expect(res.status, await res.clone().text()).toBe(operation.method === 'POST' ? 201 : 200)
        if (operation === UPSTREAM_STATUS) expect(await res.json()).toMatchObject({ state: 'connected' })
        return
      }
      const body = await expectProblem(res, 403)
      expect(body.title).toBe('Not available for your role')
      if (before) expect(await upstreamCounts(sim)).toEqual(before)
    })
})
