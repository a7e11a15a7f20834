// A list's "suggested" caller ID for one contact: of the verified caller IDs, the one whose number shares the
// longest start with the contact's (same country, then same area), so the callee sees a number near their own.

/** The suggestion, or null when the account has no verified caller ID but the callee's own. */
export function suggestCallerId(destination: string, verified: readonly string[]): string | null {
  let best: string | null = null
  let bestShared = -1
  for (const callerId of verified) {
    // Never the callee's own number: a call from it to it goes nowhere.
    if (callerId === destination) continue
    let shared = 0
    while (shared < callerId.length && callerId[shared] === destination[shared]) shared++
    if (shared > bestShared) {
      best = callerId
      bestShared = shared
    }
  }
  return best
}
