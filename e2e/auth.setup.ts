// Each person signs in once, through the sign-in page; the specs reuse the sessions.
import { expect, test as setup } from '@playwright/test'
import { authFile, type E2eRole, e2eUser, origin, ports, ROLES } from './support/servers'
import { submitSignIn } from './support/test'

const SIGN_INS: { port: number; roles: readonly E2eRole[] }[] = [
  { port: ports.app, roles: ROLES },
  { port: ports.faultApp, roles: ['admin'] },
  { port: ports.quirksApp, roles: ['admin', 'support'] },
  { port: ports.prismApp, roles: ['admin'] },
  { port: ports.ownApp, roles: ['admin'] },
]

for (const { port, roles } of SIGN_INS) {
  for (const role of roles) {
    setup(`${role} signs in on port ${port}`, async ({ page }) => {
      await page.goto(`${origin(port)}/sign-in`)
      await submitSignIn(page, e2eUser(role))
      await expect(page.getByRole('region', { name: 'Signed in' })).toContainText(e2eUser(role))
      await page.context().storageState({ path: authFile(port, role) })
    })
  }
}
