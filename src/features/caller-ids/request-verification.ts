import { startVerification } from '@/api/caller-ids'
import { addVerification } from './verification-store'

/** Asks the service to call the number, and remembers the code so a reload keeps it. */
export async function requestVerification(phoneNumber: string, idempotencyKey: string, timeoutMs: number) {
  const started = await startVerification({ phone_number: phoneNumber }, idempotencyKey)
  addVerification({
    callerIdId: started.caller_id_id,
    phoneNumber: started.phone_number,
    validationCode: started.validation_code,
    message: started.message,
    startedAt: Date.now(),
    timeoutMs,
    verifiedAt: null,
  })
  return started
}

/** How often the caller-ID list is re-read while a verification is awaited. */
export const VERIFICATION_POLL_MS = 3000
