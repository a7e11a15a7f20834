// Verifies a Voice Dashboard alert webhook (Standard Webhooks 1.0) with node:crypto alone.
// Run it as a receiver: WEBHOOK_SECRET=whsec_… node docs/examples/verify-webhook.mjs (listens on :3000).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'

/** Older or newer than this, a message is refused: a replayed capture cannot pass. */
const TOLERANCE_SECONDS = 5 * 60

/** The payload when one of the signatures is right; throws otherwise. `body` is the raw text, unparsed. */
export function verifyWebhook(secret, headers, body, nowSeconds = Math.floor(Date.now() / 1000)) {
  const id = headers['webhook-id']
  const timestamp = headers['webhook-timestamp']
  const signatures = headers['webhook-signature']
  if (!id || !timestamp || !signatures) throw new Error('Missing webhook-id, webhook-timestamp or webhook-signature')
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) throw new Error('Timestamp out of tolerance')
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest()
  // The header may carry several signatures, space-separated (while a secret is rotated).
  for (const signature of signatures.split(' ')) {
    const [version, value] = signature.split(',')
    const given = Buffer.from(value ?? '', 'base64')
    if (version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected))
      return JSON.parse(body)
  }
  throw new Error('No valid signature')
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.WEBHOOK_SECRET ?? ''
  createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      try {
        const event = verifyWebhook(secret, req.headers, body)
        console.log(`${req.headers['webhook-id']} ${event.type}: ${event.data.message}`)
        res.writeHead(204).end()
      } catch (error) {
        res.writeHead(400).end(error.message)
      }
    })
  }).listen(3000)
}
