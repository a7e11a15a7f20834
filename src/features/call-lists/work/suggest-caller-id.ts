// A list's "suggested" caller ID for one contact: of the verified caller IDs, the one whose number shares the
// longest start with the contact's (same country, then same area), so the callee sees a number near their own.
// Of those that share as much, one not flagged "answered less than usual" comes first, as New call chooses.

const NONE: ReadonlySet<string> = new Set()

/** The suggestion, or null when the account has no verified caller ID but the callee's own. */
export function suggestCallerId(
  destination: string,
  verified: readonly string[],
  flagged: ReadonlySet<string> = NONE,
): string | null {
  let best: string | null = null
  let bestRank = -1
  for (const callerId of verified) {
    // Never the callee's own number: a call from it to it goes nowhere.
    if (callerId === destination) continue
    let shared = 0
    while (shared < callerId.length && callerId[shared] === destination[shared]) shared++
    // A flag weighs less than one more digit in common: a nearer number, flagged, still wins over a farther one.
    const rank = shared * 2 + (flagged.has(callerId) ? 0 : 1)
    if (rank > bestRank) {
      best = callerId
      bestRank = rank
    }
  }
  return best
}
