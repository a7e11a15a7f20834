// A receiver of Voice Dashboard integration events (docs/integrations.md): verifies each request's Standard
// Webhooks signature (verify-webhook.mjs: node:crypto alone), handles each message once by its webhook-id (the
// console repeats the id on every retry), and answers 204 at once. Replace `handle` with your CRM's call.
//   INTEGRATION_SECRET=whsec_… PORT=4500 node docs/examples/integration-receiver.mjs
import { createServer } from 'node:http'
import { verifyWebhook } from './verify-webhook.mjs'

const secret = process.env.INTEGRATION_SECRET ?? ''
if (!secret.startsWith('whsec_')) {
  console.error('Set INTEGRATION_SECRET to the whsec_… secret the Integrations page showed when you added this URL.')
  process.exit(1)
}
/** Message ids already handled: a retry of one (its answer was lost) is acknowledged, not handled twice. */
const seen = new Set()

function handle(event) {
  const call = event.data
  // One line per event; a real receiver would update the CRM's contact or ticket here.
  console.log(
    JSON.stringify({
      type: event.type,
      call_id: call.call_id,
      status: call.status,
      billed_minutes: call.billed_minutes,
      placed_by: call.placed_by,
      outcome: call.outcome?.id ?? null,
      call_url: call.call_url,
    }),
  )
}

const server = createServer((req, res) => {
  if (req.method !== 'POST') return res.writeHead(405, { allow: 'POST' }).end()
  let body = ''
  req.setEncoding('utf8')
  req.on('data', (chunk) => (body += chunk))
  req.on('end', () => {
    let event
    try {
      event = verifyWebhook(secret, req.headers, body)
    } catch (error) {
      // Not from the console (or too old to trust): refused, and logged on this side only.
      console.error(`refused: ${error.message}`)
      return res.writeHead(401, { 'content-type': 'text/plain' }).end(error.message)
    }
    const id = req.headers['webhook-id']
    if (!seen.has(id)) {
      seen.add(id)
      handle(event)
    }
    res.writeHead(204).end()
  })
})

server.listen(Number(process.env.PORT ?? 4500), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address()
  console.log(`listening on http://${address}:${port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
