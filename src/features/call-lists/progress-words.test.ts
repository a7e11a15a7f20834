import { describe, expect, it } from 'vitest'
import type { OutcomeKind } from '@/api/contract/outcome-kind-schemas'
import { outcomeWords, progressWords } from './progress-words'

const kind = (id: string, label: string, archived = false): OutcomeKind => ({
  id,
  label,
  comes_back: false,
  asks_callback: false,
  archived,
})
const kinds = [kind('reached', 'Reached'), kind('left-voicemail', 'Left voicemail'), kind('sent-fax', 'Sent fax', true)]

describe('where a call list stands', () => {
  it('counts done and left, and the contacts that come back later', () => {
    expect(progressWords({ total: 20, done: 3, left: 17, later: 2, byOutcome: [] })).toBe(
      '3 of 20 done · 17 left (2 later)',
    )
  })

  it('names the outcomes in the outcome list’s order, an archived one by its label, an unknown one last by its id', () => {
    const byOutcome = [
      { outcome: 'gone', count: 9 },
      { outcome: 'reached', count: 1 },
      { outcome: 'sent-fax', count: 4 },
      { outcome: 'left-voicemail', count: 1200 },
    ]
    expect(outcomeWords(byOutcome, kinds)).toBe('Reached 1 · Left voicemail 1,200 · Sent fax 4 · gone 9')
    expect(outcomeWords([], kinds)).toBe('')
  })

  it('says how many contacts were passed over for the do-not-call list, after the outcomes', () => {
    const byOutcome = [
      { outcome: 'on-do-not-call-list', count: 2 },
      { outcome: 'reached', count: 5 },
    ]
    expect(outcomeWords(byOutcome, kinds)).toBe('Reached 5 · On the do-not-call list 2')
  })
})
