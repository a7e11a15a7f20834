// Whether this instance has a dashboard to serve: DASHBOARD_DIST pointing nowhere used to serve no page while
// /readyz said ready. Checked at each probe (a file's presence, no read), so a build put in place is seen.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { DashboardCheck } from './readiness'

export const dashboardBuild = (distDir: string) => (): DashboardCheck =>
  existsSync(join(distDir, 'index.html')) ? 'ok' : 'missing'

/** Logged at start: where it looked, for the operator (the probe's answer does not name paths). */
export const dashboardMissing = (distDir: string) =>
  `No dashboard build at ${resolve(distDir)} (no index.html): /readyz answers 503 until there is one. Run npm run build, or set DASHBOARD_DIST to the build.`
