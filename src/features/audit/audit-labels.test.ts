import { describe, expect, it } from 'vitest'
import { AUDIT_ACTIONS, SSO_REFUSALS } from '@/api/contract/audit-schemas'
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTION_OPTIONS,
  actorlessLabel,
  entryOutcome,
  outcomeLabel,
  outcomeTone,
} from './audit-labels'

describe('audit labels', () => {
  it('names every action once, in words, and offers each in the filter', () => {
    const labels = AUDIT_ACTIONS.map((action) => AUDIT_ACTION_LABELS[action])
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length)
    for (const label of labels) expect(label).toMatch(/^[A-Z][A-Za-z -]+$/)
    expect(AUDIT_ACTION_OPTIONS.map((o) => o.value).sort()).toEqual([...AUDIT_ACTIONS].sort())
    expect(AUDIT_ACTION_LABELS['call.placed']).toBe('Call placed')
  })

  it('says who acted when the entry names nobody', () => {
    expect(actorlessLabel('sign-in.failed')).toBe('Not signed in')
    expect(actorlessLabel('audit.pruned')).toBe('The console')
    expect(actorlessLabel('request.cross-site-refused')).toBe('Unknown')
    expect(actorlessLabel('user.role-changed', { via: 'cli', from: 'support', to: 'admin' })).toBe('Command line')
  })

  it('puts a word beside each status', () => {
    expect(outcomeLabel(200)).toBe('OK')
    expect(outcomeLabel(403)).toBe('Refused')
    expect(outcomeLabel(418)).toBe('Refused')
    expect(outcomeLabel(206)).toBe('Partly done')
    expect(outcomeLabel(502)).toBe('Failed')
    expect([outcomeTone(201), outcomeTone(401), outcomeTone(503)]).toEqual(['success', 'warning', 'danger'])
  })

  it('says what an SSO sign-in did to the person, not the redirect’s 302', () => {
    const refused = (detail: Record<string, unknown>) => entryOutcome({ action: 'sso.refused', outcome: 302, detail })
    expect(refused({ refused: 'another-domain', reason: 'domain not allowed' })).toEqual({
      label: 'Refused: another domain',
      tone: 'danger',
    })
    expect(refused({ refused: 'state-mismatch' }).label).toBe('Refused: tampered or wrong state')
    expect(refused({ refused: 'expired' }).label).toBe('Refused: sign-in expired')
    // Entries written before `refused` existed read the same from their reason.
    expect(refused({ reason: 'domain not allowed' }).label).toBe('Refused: another domain')
    expect(refused({ reason: 'no sign-in under way in this browser, or it expired' }).label).toBe(
      'Refused: sign-in expired',
    )
    expect(refused({ reason: 'OAUTH_INVALID_RESPONSE: unexpected "state" response parameter value' }).label).toBe(
      'Refused: tampered or wrong state',
    )
    expect(refused({ reason: 'provider answered access_denied' }).label).toBe(
      'Not signed in: cancelled at the provider',
    )
    expect(refused({ reason: 'discovery failed: fetch failed' }).label).toBe('Not signed in: provider unreachable')
    // Never an "OK" for a refusal, whatever it says or lacks.
    for (const code of [...SSO_REFUSALS, 'something new', undefined])
      expect(refused({ refused: code }).label).not.toMatch(/OK|302/)
    expect(refused({}).label).toBe('Refused: provider’s answer failed checks')
    expect(entryOutcome({ action: 'sso.signed-in', outcome: 302, detail: {} })).toEqual({
      label: 'Signed in',
      tone: 'success',
    })
    expect(entryOutcome({ action: 'call.placed', outcome: 201, detail: null }).label).toBe('Created')
  })

  it('says whether a placement sent to the voice service was answered, never its 102 as a success', () => {
    const forwarded = (answeredBy: number | null) =>
      entryOutcome({ action: 'call.placement-forwarded', outcome: 102, detail: null, answeredBy })
    expect(forwarded(null)).toEqual({ label: 'Answer unknown: the call may exist', tone: 'warning' })
    // A placement the console stopped waiting for (504) may exist too; a refusal the service answered did not.
    const answer = (outcome: number) => entryOutcome({ action: 'call.refused', outcome, detail: null })
    expect(answer(504)).toEqual({ label: 'Answer unknown: the call may exist', tone: 'warning' })
    expect(answer(422).label).not.toMatch(/unknown/i)
    expect(forwarded(42)).toEqual({ label: 'Answered in entry 42', tone: 'neutral' })
  })
})
