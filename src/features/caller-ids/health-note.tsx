import { HEALTH_WINDOW_CALLS, SHORT_CALL_SECONDS } from '@/api/contract/usage-breakdown-schemas'

/** What the health columns count, and what the flag can and cannot mean. */
export function HealthNote() {
  return (
    <div className="space-y-2 text-sm text-slate-600 dark:text-slate-400">
      <h3 className="font-semibold text-slate-900 dark:text-slate-100">About health and the flag</h3>
      <p>
        Health reads each number’s last {HEALTH_WINDOW_CALLS} ended calls from this console’s index of calls: answered
        is completed of ended, a short call is a completed one under {SHORT_CALL_SECONDS} seconds, and the trend
        compares with the {HEALTH_WINDOW_CALLS} calls before. “Answered less than usual” means those calls were answered
        well below the number’s own earlier rate or the rest of the account’s.
      </p>
      <p>
        It can be a sign that carriers show the number as “Spam Likely”: they label numbers that place many calls few
        people pick up, among other reasons. It can also come from the lists called, the hours, or a campaign. The flag
        is a prompt to look, not a verdict: compare the calls behind it before changing how a number is used.
      </p>
    </div>
  )
}
