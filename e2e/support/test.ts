// The specs' `test`: like Playwright's, but its `request` is the page's own, so API calls
// a spec makes to seed or check data go through the console as the person signed in.
import { test as base } from '@playwright/test'
import { authFile, type E2eRole, ports } from './servers'

export * from '@playwright/test'

export const test = base.extend({
  request: async ({ page }, use) => {
    await use(page.request)
  },
})

/** For a spec about one role's work: `test.use(signedInAs('support'))`. */
export const signedInAs = (role: E2eRole) => ({ storageState: authFile(ports.app, role) })

/** Nobody signed in. */
export const signedOut = { storageState: { cookies: [], origins: [] } }
