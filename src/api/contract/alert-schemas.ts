// The contract of the console's alerts: rules on the current billing period, the firings they produce
// (once per rule, period and subject, kept in the store), the dashboard's banner, and the channels that
// carry a firing out (webhooks signed as Standard Webhooks 1.0, email over SMTP) with their delivery log.
// The console keeps and runs them (server/console/alerts/); the alerts page and the banner read them.
import * as z from 'zod/mini'
import { isPlainText, PLAIN_TEXT_ERROR } from './call-query'
import { deliveryAttemptFields, destinationStateFields } from './delivery-schemas'

/** Under CONSOLE_PREFIX. `:id` is a path parameter. */
export const ALERT_PATHS = {
  rules: '/alerts/rules',
  rule: '/alerts/rules/:id',
  /** Firings of the current period this person has not dismissed: the banner. */
  notices: '/alerts/notices',
  dismiss: '/alerts/notices/:id/dismiss',
  /** Every firing, newest first. */
  firings: '/alerts/firings',
  channels: '/alerts/channels',
  channel: '/alerts/channels/:id',
  /** Sends a test event through one channel now (202 with the delivery). */
  channelTest: '/alerts/channels/:id/test',
  /** Every delivery attempt's outcome, newest first. */
  deliveries: '/alerts/deliveries',
} as const

export const ALERT_RULE_KINDS = ['usage-percent', 'projected-over', 'caller-id-answered-less'] as const
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number]

/** The usage-percent rules a new console starts with. */
export const DEFAULT_USAGE_PERCENTS = [50, 80, 90, 100] as const

/** A channel's id as the console makes them. */
export const ALERT_CHANNEL_ID = /^chn_[A-Za-z0-9_-]{1,40}$/

const plainText = z.refine<string>(isPlainText, { error: PLAIN_TEXT_ERROR })

export const alertRuleInput = z.object({
  kind: z.enum(ALERT_RULE_KINDS),
  /** usage-percent only: the share of the committed minutes that fires it, 1 to 1000. */
  percent: z.optional(
    z.nullable(
      z.int().check(z.minimum(1, { error: 'Use 1% or more.' }), z.maximum(1000, { error: 'Use 1000% or less.' })),
    ),
  ),
  enabled: z.boolean(),
  /**
   * The channels it goes to; null for every channel (also those added later). Left out: every channel for a new
   * rule, unchanged for a change. Each must be a channel that exists.
   */
  channelIds: z.optional(
    z.nullable(
      z
        .array(z.string().check(z.regex(ALERT_CHANNEL_ID, { error: 'Not a channel id.' })))
        .check(z.maxLength(50, { error: 'Name 50 channels at most.' })),
    ),
  ),
})
export type AlertRuleInput = z.infer<typeof alertRuleInput>

export const alertRule = z.object({
  id: z.string(),
  kind: z.enum(ALERT_RULE_KINDS),
  percent: z.nullable(z.int()),
  enabled: z.boolean(),
  /** In words: "Minutes used reach 80% of the commitment". */
  description: z.string(),
  updatedAt: z.iso.datetime(),
  updatedBy: z.nullable(z.string()),
  /** Whether it has fired in the current period (for caller-ID rules: for any caller ID). */
  firedThisPeriod: z.boolean(),
  /** The channels it goes to that still exist; null for every channel. */
  channelIds: z.nullable(z.array(z.string())),
})
export type AlertRule = z.infer<typeof alertRule>

export const alertRuleList = z.object({ rules: z.array(alertRule) })

const alertFiring = z.object({
  id: z.string(),
  ruleId: z.string(),
  kind: z.enum(ALERT_RULE_KINDS),
  /** The billing period it fired in (its period_start). */
  periodStart: z.iso.datetime(),
  /** The caller ID of a caller-ID rule; null for the others. */
  subject: z.nullable(z.string()),
  firedAt: z.iso.datetime(),
  /** What happened, in words, with the numbers: "Minutes used reached 80% of the commitment: 8,012 of 10,000." */
  message: z.string(),
})
export type AlertFiring = z.infer<typeof alertFiring>

export const alertNoticeList = z.object({ notices: z.array(alertFiring) })
export const alertFiringList = z.object({ firings: z.array(alertFiring), nextCursor: z.nullable(z.string()) })

const ALERT_CHANNEL_KINDS = ['webhook', 'email'] as const

const channelName = z
  .string()
  .check(z.trim(), z.minLength(1, { error: 'Name the channel.' }), z.maxLength(80), plainText)

// Two schemas, one per kind, rather than zod's discriminatedUnion: the dashboard's entry chunk holds the zod
// code any page uses, and the form knows its kind anyway. The console joins them (alerts/delivery/routes.ts).
export const webhookChannelInput = z.object({
  kind: z.enum(['webhook']),
  name: channelName,
  /** http or https; private and loopback addresses only with CONSOLE_WEBHOOK_ALLOW_PRIVATE=on. */
  url: z.string().check(z.maxLength(2_000), plainText),
  enabled: z.boolean(),
})
export const emailChannelInput = z.object({
  kind: z.enum(['email']),
  name: channelName,
  recipients: z
    .array(z.email({ error: 'Enter email addresses such as ops@example.com.' }))
    .check(z.minLength(1, { error: 'Add at least one address.' }), z.maxLength(20)),
  enabled: z.boolean(),
})
export type AlertChannelInput = z.infer<typeof webhookChannelInput> | z.infer<typeof emailChannelInput>
/** The schema of a new channel of that kind. */
export const channelInputOf = (kind: AlertChannelInput['kind']) =>
  kind === 'webhook' ? webhookChannelInput : emailChannelInput

export const alertChannel = z.object({
  id: z.string(),
  kind: z.enum(ALERT_CHANNEL_KINDS),
  name: z.string(),
  /** webhook only. */
  url: z.nullable(z.string()),
  /** email only. */
  recipients: z.nullable(z.array(z.string())),
  ...destinationStateFields,
})
export type AlertChannel = z.infer<typeof alertChannel>

export const alertChannelList = z.object({
  channels: z.array(alertChannel),
  /** Whether SMTP is configured (CONSOLE_SMTP_URL): without it an email channel cannot be added. */
  emailConfigured: z.boolean(),
})

/** A new webhook's answer: its signing secret (`whsec_…`), shown this once and never again. */
export const createdAlertChannel = z.object({ channel: alertChannel, secret: z.nullable(z.string()) })

export const alertDelivery = z.object({
  id: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  channelKind: z.enum(ALERT_CHANNEL_KINDS),
  /** `alert.fired`, `alert.test` or `audit.head`. */
  eventType: z.string(),
  /** The firing it carries; null for a test. */
  firingId: z.nullable(z.string()),
  /** The rule whose firing it carries; null for a test or the audit head. */
  ruleId: z.nullable(z.string()),
  ...deliveryAttemptFields,
})
export type AlertDelivery = z.infer<typeof alertDelivery>

export const alertDeliveryList = z.object({ deliveries: z.array(alertDelivery), nextCursor: z.nullable(z.string()) })

/** A webhook's body: Standard Webhooks' `type`, `timestamp` and `data`. */
export const alertWebhookPayload = z.object({
  type: z.string(),
  timestamp: z.iso.datetime(),
  data: z.object({
    firing: z.nullable(alertFiring),
    /** "This is a test of the channel …" for a test; the firing's message otherwise. */
    message: z.string(),
    console: z.string(),
    /** `audit.head` only (CONSOLE_AUDIT_HEAD_CHANNEL): the audit trail's head as an instance noted it, and when. */
    auditHead: z.optional(
      z.object({
        head: z.string(),
        seq: z.int(),
        hash: z.string(),
        noted: z.enum(['start', 'daily', 'shutdown']),
        instance: z.string(),
      }),
    ),
  }),
})
export type AlertWebhookPayload = z.infer<typeof alertWebhookPayload>
