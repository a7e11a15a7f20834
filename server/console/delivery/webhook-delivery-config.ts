// The settings every webhook delivery (alert channels, integrations) is made with; each feature adds its own.

export interface WebhookDeliveryConfig {
  /** CONSOLE_WEBHOOK_ALLOW_PRIVATE=on: loopback and private receivers are allowed. */
  allowPrivate: boolean
  /** The console's public origin: messages name it and link under it. */
  consoleUrl: string
  /** The waits before each attempt; DELIVERY_SCHEDULE_MS unless a test shortens it. */
  schedule?: readonly number[]
  /** How long a claimed delivery is an instance's own; well over the 10 s a send may take. */
  leaseMs?: number
  /** How often the worker looks for deliveries due (another instance's, a retry). */
  pollMs?: number
  /** A webhook's whole answer; 10 s unless a test shortens it. */
  webhookTimeoutMs?: number
}
