import { createHmac, timingSafeEqual } from 'node:crypto'

const RECORDING_URL_TTL_MS = 60 * 60 * 1000

function signature(secret: string, callId: string, expiresSec: number): string {
  return createHmac('sha256', secret).update(`recording|${callId}|${expiresSec}`).digest('hex')
}

/** A URL that authorises reading one recording until it expires (no API key needed). */
export function signedRecordingUrl(storageUrl: string, secret: string, callId: string, now: number): string {
  const expires = Math.floor((now + RECORDING_URL_TTL_MS) / 1000)
  return `${storageUrl.replace(/\/$/, '')}/recordings/${callId}.wav?expires=${expires}&signature=${signature(secret, callId, expires)}`
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid'

export function checkRecordingSignature(
  secret: string,
  callId: string,
  expires: string | undefined,
  given: string | undefined,
  now: number,
): SignatureCheck {
  if (!expires || !given || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(given)) return 'invalid'
  const expected = signature(secret, callId, Number(expires))
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return 'invalid'
  return Number(expires) * 1000 <= now ? 'expired' : 'valid'
}
