// A console with a call list to work: Mia (a manager) imports the CSV as the list "Renewals", and each agent named
// (support, signed in) is ready to claim from it. The tests that work a list then say only what is theirs.
import { expect } from 'vitest'
import type { CallList, ClaimAnswer } from '../../../src/api/contract/call-list-schemas'
import type { ConsoleAppOptions } from '../app'
import { createTestConsole, type TestConsole } from './console-app'

export const CALL_LISTS = '/api/console/call-lists'

export async function startCallListConsole<const Agent extends string = 'ana'>({
  csv,
  agents = ['ana' as Agent],
  ...overrides
}: { csv: string; agents?: readonly Agent[] } & Partial<ConsoleAppOptions>) {
  const app = await createTestConsole(overrides)
  try {
    await app.addUser('mia@example.com', 'manager')
    for (const agent of agents) await app.addUser(`${agent}@example.com`, 'support')
    const manager = await app.signIn('mia@example.com')
    const signedIn = {} as Record<Agent, string>
    for (const agent of agents) signedIn[agent] = await app.signIn(`${agent}@example.com`)
    const list = await importCallList(app, manager, { csv, name: 'Renewals' })
    return { app, list, agents: signedIn }
  } catch (error) {
    await app.store.close()
    throw error
  }
}

/** A manager's import of a CSV (US numbers) as a list for everyone, with the house's defaults. */
export async function importCallList(app: TestConsole, cookie: string, { csv, name }: { csv: string; name: string }) {
  const imported = await app.request(CALL_LISTS, {
    cookie,
    json: {
      settings: {
        name,
        callerId: null,
        record: false,
        comeBackMinutes: 120,
        maxTries: 3,
        everyone: true,
        assignees: [],
      },
      source: { csv, region: 'US' },
    },
  })
  expect(imported.status, await imported.clone().text()).toBe(201)
  return ((await imported.json()) as { list: CallList }).list
}

/** The agent's "next contact": what the work page asks for. */
export async function claimNext(app: TestConsole, cookie: string, listId: string) {
  const res = await app.request(`${CALL_LISTS}/${listId}/claim`, { cookie, method: 'POST' })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as ClaimAnswer
}
