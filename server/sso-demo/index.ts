// `npm run sso-demo`: the demo OpenID provider alone, for pointing any console at it.
// SSO_DEMO_PORT moves it; SSO_DEMO_REDIRECT_URIS (comma list) names the consoles it serves.
import { consoleSsoEnv, demoPeople, SSO_DEMO_CLIENT_ID, SSO_DEMO_CLIENT_SECRET, SSO_DEMO_PORT } from './demo-setup'
import { startDemoProvider } from './provider'

const port = Number(process.env.SSO_DEMO_PORT ?? SSO_DEMO_PORT)
const redirectUris = (process.env.SSO_DEMO_REDIRECT_URIS ?? 'http://localhost:5173/api/console/sso/callback')
  .split(',')
  .map((uri) => uri.trim())
  .filter(Boolean)

try {
  const provider = await startDemoProvider({
    port,
    client: { id: SSO_DEMO_CLIENT_ID, secret: SSO_DEMO_CLIENT_SECRET, redirectUris },
    people: demoPeople(),
  })
  const env = Object.entries(consoleSsoEnv(provider.url))
    .map(([name, value]) => `  ${name}=${value}`)
    .join(' \\\n')
  console.log(`Demo OpenID provider: ${provider.issuer} (redirect URIs: ${redirectUris.join(', ')})
Start the console against it:
${env} \\
  npm start
Ctrl-C stops it.`)
  const stop = async () => {
    await provider.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
