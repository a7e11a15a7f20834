// `npm start`: the product as its users see it, on the embedded voice API.
// `npm run start:sso` adds the demo OpenID provider and points the console at it; `-- --alert-sinks` a webhook
// receiver and an SMTP sink that print what the alert channels deliver (scripts/alert-sinks.ts).
import { DEMO_PASSWORD, DEMO_USERS } from '../server/console/demo-users'
import { startAlertSinks } from './alert-sinks'
import { buildIfStale } from './build-if-stale'
import { startSsoDemo } from './sso-demo-for-start'
import { startStack, stopOnSignal } from './stack'

try {
  buildIfStale()
  const port = Number(process.env.PORT ?? 5173)
  const ssoDemo = process.argv.includes('--sso-demo') ? await startSsoDemo(port) : null
  const alertSinks = process.argv.includes('--alert-sinks') ? await startAlertSinks() : null
  const stack = await startStack(port, port, alertSinks)
  stopOnSignal(async () => {
    await stack.stop()
    await ssoDemo?.close()
    await alertSinks?.close()
  })
  console.log(`
  Voice Dashboard: http://localhost:${port}
  Sign in as ${DEMO_USERS.map((user) => user.email).join(', ')} (password ${DEMO_PASSWORD}),
  or with one click on the sign-in page. Embedded voice API: ${stack.simulator.url}/api/v1/voice
${ssoDemo?.notice ?? ''}${alertSinks?.notice() ?? ''}  Ctrl-C stops ${ssoDemo ? 'all three' : 'both'}.
`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
