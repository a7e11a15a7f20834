// What a throttled sign-in is told, and the one audit entry each throttle state writes when it starts
// (an attempt refused while the state lasts writes none: a flood of them cannot fill the trail).
import type { Context } from 'hono'
import type { AuditAction } from '../../../src/api/contract/audit-schemas'
import type { AuditLog } from '../audit/audit-log'
import { requestFacts } from '../audit/request-facts'
import { sendProblem } from '../http/problem'
import type { Refusal, StartedState, ThrottleState } from './sign-in-throttle'

const ACTIONS: Record<ThrottleState, AuditAction> = {
  'address-throttled': 'sign-in.address-throttled',
  'address-blocked': 'sign-in.address-blocked',
  'account-locked': 'sign-in.account-locked',
  'device-locked': 'sign-in.device-locked',
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/** `sent`: the status the attempt that started them is answered with, which each entry records. */
export async function auditThrottleStarts(
  audit: AuditLog,
  c: Context,
  email: string,
  started: StartedState[],
  sent: number,
) {
  for (const { state, until } of started) {
    const byAddress = state === 'address-throttled' || state === 'address-blocked'
    const facts = requestFacts(c)
    await audit.record({
      actor: null,
      action: ACTIONS[state],
      target: byAddress ? facts.ip : email,
      outcome: sent,
      ...facts,
      detail: { until: new Date(until).toISOString(), ...(byAddress ? { lastEmail: email } : {}) },
    })
  }
}

export function sendThrottled(c: Context, { state, until }: Refusal, now: number): Response {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000))
  const minutes = plural(Math.ceil(seconds / 60), 'minute')
  const knownBrowser = 'a browser you have signed in with before can still sign in'
  const [title, detail]: [string, string] = (
    {
      checking: ['Sign-in under way', 'Another sign-in to this account is being checked. Wait a second and try again.'],
      'address-throttled': [
        'Too many failed sign-ins',
        `There have been many failed sign-ins from your network. Wait ${plural(seconds, 'second')} and try again.`,
      ],
      'address-blocked': [
        'Too many failed sign-ins',
        `Sign-in from your network is paused after many failed attempts; ${knownBrowser}. Try again in ${minutes}.`,
      ],
      'account-locked': [
        'Too many failed sign-ins',
        `Sign-in is paused after several failed attempts; ${knownBrowser}. Try again in ${minutes}.`,
      ],
    } satisfies Record<Refusal['state'], [string, string]>
  )[state]
  c.header('Retry-After', String(seconds))
  return sendProblem(c, 429, title, detail, { retry_at: new Date(until).toISOString() })
}
