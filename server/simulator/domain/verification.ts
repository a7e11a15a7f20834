import type { Random } from './prng'

/** This number never answers the verification call. */
const NEVER_VERIFIES = '+15005550009'

/** CNAM shows at most 15 characters to the callee. */
const CNAM_MAX_LENGTH = 15

export function cnamDisplayName(accountName: string): string {
  return accountName.slice(0, CNAM_MAX_LENGTH).trim()
}

export function newValidationCode(random: Random): string {
  return String(random.int(0, 999_999)).padStart(6, '0')
}

/** When the simulated verification call is answered, or null if it never is. */
export function verificationCompletesAt(phoneNumber: string, startedAtMs: number, delayMs: number, speed: number) {
  return phoneNumber === NEVER_VERIFIES ? null : Math.round(startedAtMs + delayMs / speed)
}

export function isVerified(verifiedAtMs: number | null, now: number): boolean {
  return verifiedAtMs !== null && verifiedAtMs <= now
}

export function verificationMessage(phoneNumber: string, code: string): string {
  return `We are calling ${phoneNumber} now. Answer and enter code ${code.slice(0, 3)} ${code.slice(3)} when asked.`
}
