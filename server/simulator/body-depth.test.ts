// Deeply nested JSON bodies: refused with a 400 that says why, before any recursive walk of the
// body can exhaust the stack (which used to answer 500 and log a RangeError stack).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { MAX_BODY_DEPTH } from './http/json-body'
import { ACME_KEY, type ApiClient, api } from './test-support/api'
import { expectProblem } from './test-support/assertions'
import { TEST_NUMBERS, verifiedCallerId } from './test-support/calls'
import { startTestSimulator, type TestSimulator } from './test-support/simulator'

let sim: TestSimulator
let acme: ApiClient
let callerId: string
let stdout: MockInstance<typeof process.stdout.write>

beforeAll(async () => {
  sim = await startTestSimulator()
  acme = api(sim, ACME_KEY)
  callerId = await verifiedCallerId(acme)
})
afterAll(() => sim?.close())
// The simulator runs in this process and logs errors to stdout even with logs off.
beforeEach(() => {
  stdout = vi.spyOn(process.stdout, 'write')
})
afterEach(() => {
  expect(stdout.mock.calls.map(([line]) => String(line)).join('')).not.toMatch(/unhandled error|RangeError/)
  stdout.mockRestore()
})

const postJson = (path: string, body: string) =>
  acme.raw(path, { method: 'POST', body, headers: { 'content-type': 'application/json' } })

/** `levels` containers, one inside the other, around `inner`. */
const nested = (levels: number, open: string, close: string, inner = '1') =>
  `${open.repeat(levels)}${inner}${close.repeat(levels)}`

const TOO_DEEP = /nested too deeply.*at most 32 levels/

describe('deeply nested bodies', () => {
  for (const path of ['/calls', '/caller-ids']) {
    it(`POST ${path}: 5,000 levels of objects or arrays are a 400 saying how deep a body may go`, async () => {
      for (const body of [nested(5000, '{"a":', '}'), `{"metadata":${nested(5000, '[', ']')}}`]) {
        const problem = expectProblem(await postJson(path, body), 400)
        expect(problem.detail).toMatch(TOO_DEEP)
        expect(problem.title).toBe('Bad request')
      }
    })
  }

  it(`accepts a call nested exactly ${MAX_BODY_DEPTH} levels deep and refuses one level more`, async () => {
    const call = JSON.stringify({ caller_id: callerId, destination: TEST_NUMBERS.completes })
    // The call object is level 1, so the ignored field holds the remaining levels.
    const withExtra = (levels: number) => `${call.slice(0, -1)},"extra":${nested(levels, '[', ']')}}`
    expect((await postJson('/calls', withExtra(MAX_BODY_DEPTH - 1))).status).toBe(201)
    expect(expectProblem(await postJson('/calls', withExtra(MAX_BODY_DEPTH)), 400).detail).toMatch(TOO_DEEP)
  })

  it('a deep __proto__ chain is refused for its depth, not walked', async () => {
    const problem = expectProblem(await postJson('/calls', nested(3000, '{"__proto__":', '}')), 400)
    expect(problem.detail).toMatch(TOO_DEEP)
  })
})
