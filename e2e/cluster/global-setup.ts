// The cluster journey's servers: two console instances (from source, as tsx runs it) on one throw-away PostgreSQL
// behind Debian's nginx (the shipped deploy/nginx/console.conf), in front of the real simulator, serving the
// Chromium suite's build of the dashboard. npm test runs this journey beside that suite, whose consoles serve the
// build: it is read here, never rebuilt (a rebuild empties the folder under them). When it is missing or older than
// its sources (the journey run alone after an edit), the journey builds a dashboard of its own. The specs read the
// address from the environment.
import { execSync } from 'node:child_process'
import { builtAfterInputs } from '../../scripts/build-if-stale'
import { clusterMissing, startConsoleCluster } from '../../server/console/test-support/console-cluster'
import { dashboardBuildCommand, distDir, ports } from '../support/servers'

export const CLUSTER_ADMIN = 'admin@cluster-e2e.test'

export default async function globalSetup() {
  const missing = clusterMissing()
  if (missing) {
    if (process.env.CI) throw new Error(`The cluster journey must run in CI: ${missing}`)
    console.warn(`Skipping the cluster journey: ${missing}.`)
    process.env.CLUSTER_E2E_SKIP = missing
    return
  }
  let dashboard = distDir(ports.app)
  if (!builtAfterInputs(dashboard)) {
    dashboard = distDir(`cluster-${ports.app}`)
    execSync(dashboardBuildCommand(dashboard), { stdio: 'inherit' })
  }
  const cluster = await startConsoleCluster({
    distDir: dashboard,
    people: [{ email: CLUSTER_ADMIN, role: 'admin' }],
    // 20 times real speed: a call rings and ends within the journey.
    simulatorEnv: { VOICE_SIM_SPEED: '20', VOICE_SIM_SEED_CALLS: '60' },
    env: { CONSOLE_ALERTS: 'off' },
  })
  process.env.CLUSTER_E2E_URL = cluster.url
  process.env.CLUSTER_E2E_ACCESS_LOG = cluster.nginx.accessLogPath
  process.env.CLUSTER_E2E_INSTANCES = cluster.instances.map((instance) => `127.0.0.1:${instance.port}`).join(',')
  return () => cluster.stop()
}
