import { describe, expect, it } from 'vitest'
import { AUDIT_ACTIONS } from '@/api/audit-schemas'
import { AUDIT_ACTION_LABELS, AUDIT_ACTION_OPTIONS, actorlessLabel, outcomeLabel, outcomeTone } from './audit-labels'

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
    expect(outcomeLabel(200)).toBe('200 OK')
    expect(outcomeLabel(403)).toBe('403 Refused')
    expect(outcomeLabel(418)).toBe('418 Refused')
    expect(outcomeLabel(502)).toBe('502 Failed')
    expect([outcomeTone(201), outcomeTone(401), outcomeTone(503)]).toEqual(['success', 'warning', 'danger'])
  })
})
