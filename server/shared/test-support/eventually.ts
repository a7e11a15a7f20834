// Waits for what a test expects to land (a message on a socket, a row a background job writes), checking every
// 50 ms. vi.waitFor gives up after 1 s by default: on CI's two cores at a load of 10 an SMTP exchange alone took
// longer (email-delivery.test.ts failed so on 2026-11-29), and at a load of 17 (a fresh-clone CI beside three
// other runs, 2026-12-06) a console's sign-in and placement took over 10 s. A wait that passes returns as soon as
// it passes: only a failing one waits the whole bound.
import { vi } from 'vitest'

const EVENTUALLY_TIMEOUT_MS = 30_000

export const eventually = <T>(check: () => T | Promise<T>, timeoutMs = EVENTUALLY_TIMEOUT_MS): Promise<T> =>
  vi.waitFor(check, { timeout: timeoutMs, interval: 50 })
