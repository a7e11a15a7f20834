// Build-time settings of the dashboard, read once and validated, so a typo in
// an environment variable fails loudly instead of becoming NaN somewhere.
import * as z from 'zod/mini'

const TEN_MINUTES_MS = 10 * 60_000

// zod/mini has no messages of its own, so the one a typo gets is written here.
const wholeMs = { error: 'Use a whole number of milliseconds, above 0.' }

const envSchema = z.object({
  /** How long a caller-ID verification is awaited before the page offers to start again. */
  VITE_VERIFICATION_TIMEOUT_MS: z._default(
    z.coerce.number(wholeMs).check(z.int(wholeMs), z.positive(wholeMs)),
    TEN_MINUTES_MS,
  ),
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
