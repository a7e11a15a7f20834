// Scheduled usage reports by email (issue 53, item 4): who receives which, and how the last one went. Its own file,
// loaded with the section that reads it only (npm run test:size).
import * as z from 'zod/mini'
import { timeZoneParam } from './time-zone-param'

export const REPORT_SUBSCRIPTIONS_PATH = '/report-subscriptions'

export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number]

/** POST: a report for oneself, or (admins) for `userId`; its days, weeks and months read in `timeZone`. */
export const reportSubscriptionInput = z.object({
  frequency: z.enum(REPORT_FREQUENCIES, { error: 'Choose daily, weekly or monthly.' }),
  userId: z.optional(z.string().check(z.minLength(1), z.maxLength(64, { error: 'That is not a person’s id.' }))),
  timeZone: z.optional(timeZoneParam),
})
export type ReportSubscriptionInput = z.infer<typeof reportSubscriptionInput>

const DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const

/** The latest report sent (or being sent) for a subscription, as its delivery row stands. */
const reportDelivery = z.object({
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  lastAttemptAt: z.nullable(z.iso.datetime()),
  nextAttemptAt: z.nullable(z.iso.datetime()),
  /** The mail server's answer or the error, in words. */
  response: z.nullable(z.string()),
})

export const reportSubscription = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  active: z.boolean(),
  frequency: z.enum(REPORT_FREQUENCIES),
  timeZone: z.string(),
  createdAt: z.iso.datetime(),
  lastReport: z.nullable(reportDelivery),
})
export type ReportSubscription = z.infer<typeof reportSubscription>

/** GET: one's own subscriptions; an admin's answer holds everyone's, and the people they may subscribe. */
export const reportSubscriptionList = z.object({
  subscriptions: z.array(reportSubscription),
  /** Whether email is set up (CONSOLE_SMTP_URL): without it nothing is sent. */
  emailConfigured: z.boolean(),
  people: z.nullable(z.array(z.object({ id: z.string(), email: z.string() }))),
})
export type ReportSubscriptionList = z.infer<typeof reportSubscriptionList>
