// The one redaction: every form a known secret takes in a relayed text, and nothing else touched.
import { describe, expect, it } from 'vitest'
import { knowSecret, REDACTED, redactSecretBytes, redactSecrets } from './known-secrets'

const SECRET = 'sk_unit_"quoted"/slash+plus'
knowSecret(` ${SECRET}\n`)
knowSecret('sk_unit_')
knowSecret('secret7')

describe('redactSecrets', () => {
  it('replaces a secret as is, escaped in JSON and encoded in a URL', () => {
    expect(redactSecrets(`key ${SECRET} refused`)).toBe(`key ${REDACTED} refused`)
    expect(redactSecrets(JSON.stringify({ key: SECRET }))).toBe(`{"key":"${REDACTED}"}`)
    expect(redactSecrets(`?key=${encodeURIComponent(SECRET)}&x=1`)).toBe(`?key=${REDACTED}&x=1`)
  })

  it('replaces the longer of two secrets whole, and leaves what is too short to be one', () => {
    expect(redactSecrets(`${SECRET} and sk_unit_ alone`)).toBe(`${REDACTED} and ${REDACTED} alone`)
    expect(redactSecrets('a secret7 answer')).toBe('a secret7 answer')
  })

  it('hands back the same bytes when they hold no secret, and redacted bytes when they do', () => {
    const plain = Buffer.from('{"client_id":"cli_1"}')
    expect(redactSecretBytes(plain)).toBe(plain)
    const held = Buffer.from(JSON.stringify({ note: SECRET }))
    expect(redactSecretBytes(held).toString()).toBe(`{"note":"${REDACTED}"}`)
  })
})
