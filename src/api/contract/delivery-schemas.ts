// What the alert channels' and the integrations' contracts share: a destination's state and a delivery's
// attempts, under the same names in both (alert-schemas.ts and integration-schemas.ts spread them in).
import * as z from 'zod/mini'
import { nonNegativeInt } from './schemas'

/** A destination's on/off (a channel, an integration) and since when. */
export const destinationStateFields = {
  enabled: z.boolean(),
  /** Why the console turned it off ("The receiver answered 410 Gone at …"); null when it did not. */
  disabledReason: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
}

const DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** A delivery's state and its last attempt, after its destination's fields. */
export const deliveryAttemptFields = {
  status: z.enum(DELIVERY_STATUSES),
  attempts: nonNegativeInt,
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.nullable(z.iso.datetime()),
  nextAttemptAt: z.nullable(z.iso.datetime()),
  /** The receiver's last HTTP status (a webhook) or SMTP reply code (an email channel); null without an answer. */
  responseStatus: z.nullable(z.int()),
  responseTimeMs: z.nullable(nonNegativeInt),
  /** The last answer's first 200 characters, or the error in words ("Connection refused"). */
  responseExcerpt: z.nullable(z.string()),
}
