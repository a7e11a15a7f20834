// The SSRF guard on its own (the ranges: http/private-address.test.ts): the check when a channel is saved, and the check at each send
// against the address the socket connects to.
import { afterEach, describe, expect, it } from 'vitest'
import { startWebhookReceiver } from '../test-support/webhook-receiver'
import { sendWebhook } from './send-webhook'
import { checkWebhookUrl } from './ssrf-guard'
import { newWebhookSecret } from './webhook-signature'

const cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close()
})

describe('checkWebhookUrl', () => {
  it('refuses a name that resolves to a private address, whichever of its addresses it is', async () => {
    const resolve = async () => ['93.184.215.14', '10.0.0.7']
    const check = await checkWebhookUrl('https://hooks.example.com/x', false, resolve)
    expect(check).toEqual({
      ok: false,
      message:
        'hooks.example.com resolves to 10.0.0.7 is a private network address. Use a public address, or set CONSOLE_WEBHOOK_ALLOW_PRIVATE=on for a receiver on your own network.',
    })
    expect((await checkWebhookUrl('https://hooks.example.com/x', false, async () => ['93.184.215.14'])).ok).toBe(true)
  })

  it('resolves names for real: localhost is loopback', async () => {
    expect((await checkWebhookUrl('http://localhost:8080/', false)).ok).toBe(false)
    expect((await checkWebhookUrl('http://localhost:8080/', true)).ok).toBe(true)
  })
})

describe('at each send', () => {
  it('refuses the address the socket would connect to, even after the channel was saved', async () => {
    const hook = await startWebhookReceiver()
    cleanup.push(hook.close)
    const port = new URL(hook.url).port
    const request = { secret: newWebhookSecret(), messageId: 'msg_x', body: '{}', now: Date.now(), allowPrivate: false }
    // A name is checked in the socket's lookup: this is where a rebinding DNS answer would be caught.
    const byName = await sendWebhook({ ...request, url: `http://localhost:${port}/` })
    expect(byName).toMatchObject({
      answered: false,
      error: expect.stringMatching(/^Refused: localhost resolves to .* loopback/),
    })
    const literal = await sendWebhook({ ...request, url: `http://127.0.0.1:${port}/` })
    expect(literal).toMatchObject({ answered: false, error: expect.stringContaining('loopback') })
    expect(hook.received).toHaveLength(0)
    // With the setting on, the same receiver is reached.
    expect(await sendWebhook({ ...request, url: `http://localhost:${port}/`, allowPrivate: true })).toMatchObject({
      answered: true,
      status: 204,
    })
  })
})
