// `npm start`: the product as its users see it, on the embedded voice API.
import { DEMO_PASSWORD, DEMO_USERS } from '../server/console/demo-users'
import { buildIfStale } from './build-if-stale'
import { startStack, stopOnSignal } from './stack'

try {
  buildIfStale()
  const port = Number(process.env.PORT ?? 5173)
  const stack = await startStack(port)
  stopOnSignal(stack.stop)
  console.log(`
  Voice Dashboard: http://localhost:${port}
  Sign in as ${DEMO_USERS.map((user) => user.email).join(', ')} (password ${DEMO_PASSWORD}),
  or with one click on the sign-in page. Embedded voice API: ${stack.simulator.url}/api/v1/voice
  Ctrl-C stops both.
`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
