// People at work through the load balancer while a fault test breaks things: placing calls, signing in,
// exporting, and one person who stays signed in reading their session. It notes every action the console
// acknowledged (a 2xx whose whole answer arrived) and every answer that was not, so the test can check
// that the audit trail holds every acknowledged action and that failures were clear 503 problems.
import type { AuditRowSummary } from './cluster-audit'
import { type ClusterPerson, clusterPerson } from './cluster-person'

export interface LoadResult {
  requests: number
  /** Call ids of the calls placed with a 2xx. */
  placedCalls: string[]
  /** Acknowledged sign-ins and exports, per person. */
  signIns: Map<string, number>
  exports: Map<string, number>
  /** Every request whose answer was not a 2xx, or that got none. */
  failures: FailedRequest[]
  /** Times the person who stays signed in found themselves signed out. */
  signedOut: number
  /** Whether each of the last answers (after the fault) was a 2xx. */
  recent: boolean[]
}

interface FailedRequest {
  /** What was asked: "POST /api/v1/voice/calls". */
  request: string
  /** "503 application/problem+json", or "network" when no answer came. */
  outcome: string
  /** The start of the answer's body, or the network's error. */
  said: string
}

export interface ClusterLoad {
  stop(): Promise<LoadResult>
}

const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1)

/**
 * `workers` loops, each its own person (who signs in again every few actions) plus one who stays signed in;
 * `pauseMs` between actions keeps the load steady without flooding a loaded machine.
 */
export async function startClusterLoad(options: {
  url: string
  /** People with the cluster's password; the first stays signed in all along. */
  emails: string[]
  callerId: string
  pauseMs?: number
}): Promise<ClusterLoad> {
  const result: LoadResult = {
    requests: 0,
    placedCalls: [],
    signIns: new Map(),
    exports: new Map(),
    failures: [],
    signedOut: 0,
    recent: [],
  }
  const [stayingEmail, ...workerEmails] = options.emails
  if (!stayingEmail || workerEmails.length === 0) throw new Error('the load needs one person who stays and workers')
  const staying = clusterPerson(options.url, stayingEmail)
  if ((await staying.signIn()).status !== 200) throw new Error(`${stayingEmail} could not sign in`)
  let running = true

  /** One request; its answer counts as acknowledged only when it is a 2xx and its body arrived whole. */
  const attempt = async (request: string, send: () => Promise<{ status: number; headers: Headers; body: string }>) => {
    result.requests++
    try {
      const answer = await send()
      const ok = answer.status >= 200 && answer.status < 300
      result.recent = [...result.recent.slice(-19), ok]
      if (!ok) {
        const outcome = `${answer.status} ${answer.headers.get('content-type') ?? '-'}`
        result.failures.push({ request, outcome, said: answer.body.slice(0, 300) })
      }
      return ok ? answer : null
    } catch (error) {
      result.recent = [...result.recent.slice(-19), false]
      result.failures.push({ request, outcome: 'network', said: String(error) })
      return null
    }
  }

  const work = async (person: ClusterPerson) => {
    for (let turn = 0; running; turn++) {
      const step = turn % 4
      if (step === 0 || !person.cookie) {
        const answer = await attempt('POST sign-in', () => person.signIn())
        if (answer) bump(result.signIns, person.email)
        // A sign-in ends the session it replaces: when its answer was lost, so is the old cookie's session,
        // and the person (as the sign-in page would) signs in again.
        else person.cookie = null
      } else if (step === 1) {
        const answer = await attempt('POST /api/v1/voice/calls', () =>
          person.request('/api/v1/voice/calls', { json: { caller_id: options.callerId, destination: '+15005550006' } }),
        )
        if (answer) result.placedCalls.push((JSON.parse(answer.body) as { call_id: string }).call_id)
      } else if (step === 2) {
        const answer = await attempt('GET export.csv', () => person.request('/api/console/calls/export.csv'))
        if (answer) bump(result.exports, person.email)
      } else {
        const answer = await attempt('GET session', () => staying.request('/api/console/session'))
        if (answer && (JSON.parse(answer.body) as { user: unknown }).user === null) result.signedOut++
      }
      await new Promise((done) => setTimeout(done, options.pauseMs ?? 50))
    }
  }
  const loops = workerEmails.map((email) => work(clusterPerson(options.url, email)))
  return {
    stop: async () => {
      running = false
      await Promise.all(loops)
      return result
    },
  }
}

/** What the console acknowledged but the audit trail does not hold: empty when nothing was lost. */
export function missingFromAudit(result: LoadResult, rows: AuditRowSummary[]): string[] {
  const missing: string[] = []
  const placed = new Set(rows.filter((row) => row.action === 'call.placed').map((row) => row.target))
  for (const id of result.placedCalls) if (!placed.has(id)) missing.push(`call.placed ${id}`)
  const count = (action: string, email: string) =>
    rows.filter((row) => row.action === action && row.actorEmail === email).length
  for (const [email, acked] of result.signIns) {
    const audited = count('sign-in.succeeded', email)
    if (audited < acked) missing.push(`sign-in.succeeded of ${email}: ${acked} acknowledged, ${audited} audited`)
  }
  for (const [email, acked] of result.exports) {
    // Its start is written before its first byte; its end after the last was delivered, which a kill may cut off.
    const audited = count('calls.export-started', email)
    if (audited < acked) missing.push(`calls.export-started of ${email}: ${acked} acknowledged, ${audited} audited`)
  }
  return missing
}
