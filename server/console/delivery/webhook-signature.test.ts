import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { newMessageId, newWebhookSecret, secretKey, signWebhook, webhookHeaders } from './webhook-signature'

describe('Standard Webhooks signatures', () => {
  it('match the example in the Standard Webhooks specification', () => {
    // The spec's own example (spec/standard-webhooks.md, "Signature scheme"), byte for byte.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
    const signature = signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
  })

  it('verify with the reference library, and fail it once the body changes', () => {
    const secret = newWebhookSecret()
    const body = JSON.stringify({ type: 'alert.test', data: { message: 'é ✓' } })
    const headers = webhookHeaders(secret, newMessageId(), Date.now(), body)
    const wh = new Webhook(secret)
    expect(wh.verify(body, headers)).toEqual(JSON.parse(body))
    expect(() => wh.verify(body.replace('test', 'fired'), headers)).toThrow()
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow()
  })

  it('make secrets of 32 random bytes and message ids fit for a header', () => {
    const secret = newWebhookSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
    expect(secretKey(secret)).toHaveLength(32)
    expect(newWebhookSecret()).not.toBe(secret)
    expect(newMessageId()).toMatch(/^msg_[A-Za-z0-9_-]{24}$/)
  })
})
