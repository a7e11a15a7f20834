// `npm run start:sso`: the demo OpenID provider on SSO_DEMO_PORT (5190), and the console's
// CONSOLE_OIDC_* settings pointing at it, set before the console reads its configuration.
import {
  consoleSsoEnv,
  demoPeople,
  SSO_DEMO_CLIENT_ID,
  SSO_DEMO_CLIENT_SECRET,
  SSO_DEMO_PORT,
} from '../server/sso-demo/demo-setup'
import { startDemoProvider } from '../server/sso-demo/provider'

export async function startSsoDemo(consolePort: number) {
  const people = demoPeople()
  const provider = await startDemoProvider({
    port: Number(process.env.SSO_DEMO_PORT ?? SSO_DEMO_PORT),
    client: {
      id: SSO_DEMO_CLIENT_ID,
      secret: SSO_DEMO_CLIENT_SECRET,
      redirectUris: [`http://localhost:${consolePort}/api/console/sso/callback`],
    },
    people,
  })
  Object.assign(process.env, consoleSsoEnv(provider.url))
  const list = people.map((person) => `    ${person.email} (${person.groups.join(', ')})`).join('\n')
  return {
    close: provider.close,
    notice: `  Single sign-on: "Sign in with Demo SSO" on the sign-in page, at the demo provider ${provider.url}
  as one of (password ${people[0]?.password}), of whom only acme.test may enter:
${list}
`,
  }
}
