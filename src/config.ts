// Build-time settings of the dashboard, read once and validated, so a typo in
// an environment variable fails loudly instead of becoming NaN somewhere.
import { z } from 'zod'

const TEN_MINUTES_MS = 10 * 60_000

const envSchema = z.object({
  /** How long a caller-ID verification is awaited before the page offers to start again. */
  VITE_VERIFICATION_TIMEOUT_MS: z.coerce.number().int().positive().default(TEN_MINUTES_MS),
})

const parsed = envSchema.safeParse({
  VITE_VERIFICATION_TIMEOUT_MS: import.meta.env.VITE_VERIFICATION_TIMEOUT_MS || undefined,
})
if (!parsed.success) {
  throw new Error(`Invalid dashboard configuration: ${z.prettifyError(parsed.error)}`)
}

export const config = {
  verificationTimeoutMs: parsed.data.VITE_VERIFICATION_TIMEOUT_MS,
} as const
