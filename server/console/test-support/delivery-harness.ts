// What the delivery tests of the alert channels and the integrations set up alike: real webhook receivers on
// loopback and running deliveries (their worker started), each closed after its test, the last started first.
import { afterEach } from 'vitest'
import type { ConsoleStore } from '../store'
import { type Answer, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver'

interface DeliveryUnderTest {
  delivery: { start: () => void; close: () => Promise<unknown> }
  store: ConsoleStore
}

/**
 * `underTest` makes a delivery from the test's options and, as its second argument, a store of the test's own
 * (which the test closes), or opens one (which the harness closes). Call it at the top of the test file.
 */
export function deliveryHarness<Options, Setup extends DeliveryUnderTest>(
  underTest: (options?: Options, store?: ConsoleStore) => Promise<Setup>,
) {
  const cleanup: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const close of cleanup.splice(0).reverse()) await close()
  })

  return {
    /** What else the test closes after it ends. */
    cleanup,

    async receiver(answer?: Answer): Promise<WebhookReceiver> {
      const started = await startWebhookReceiver(answer)
      cleanup.push(started.close)
      return started
    },

    async running(options?: Options, store?: ConsoleStore): Promise<Setup> {
      const setup = await underTest(options, store)
      setup.delivery.start()
      cleanup.push(async () => {
        await setup.delivery.close()
        if (!store) await setup.store.close()
      })
      return setup
    },
  }
}
