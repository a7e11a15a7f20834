// "A caller ID is answered less than usual": caller-ID health (another part of the console) flags them;
// this rule turns each flag into a firing per caller ID, once a period.

export interface FlaggedCallerId {
  callerId: string
  /** The numbers behind the flag, in words. */
  reason: string
}

/** The caller IDs to fire for, with their messages; each caller ID once, whatever the list repeats. */
export function checkCallerIds(flagged: readonly FlaggedCallerId[]): { subject: string; message: string }[] {
  const seen = new Map<string, string>()
  for (const { callerId, reason } of flagged) {
    const subject = callerId.trim()
    if (subject === '' || seen.has(subject)) continue
    seen.set(subject, `Caller ID ${subject} is answered less than usual: ${reason.trim()}`)
  }
  return [...seen].map(([subject, message]) => ({ subject, message }))
}
