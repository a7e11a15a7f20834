import { describe, expect, it } from 'vitest'
import { callOutcome } from './call-outcome'

describe('callOutcome', () => {
  it('names the states before the call rings as they are', () => {
    expect(callOutcome('queued')).toMatchObject({ kind: 'live', headline: 'Queued' })
    expect(callOutcome('DIALER_INITIATED')).toMatchObject({ kind: 'live', headline: 'Initiated' })
  })

  it('does not claim a ringing call is still ringing: the service never reports an answer', () => {
    const outcome = callOutcome('DIALER_RINGING')
    expect(outcome).toMatchObject({ kind: 'live', headline: 'In progress: ringing or connected' })
    expect(outcome.meaning).toMatch(/until the call ends/)
  })

  it('says what a failed call means, without guessing which way it failed', () => {
    const outcome = callOutcome('DIALER_FAILED')
    expect(outcome).toMatchObject({ kind: 'failed', headline: 'Failed' })
    expect(outcome.meaning).toMatch(/not answered, the line was busy, or the number could not be reached/)
    expect(outcome.meaning).toMatch(/does not say which/)
  })

  it('says a completed call connected, and when it was a voicemail drop', () => {
    expect(callOutcome('DIALER_COMPLETED')).toEqual({
      kind: 'completed',
      headline: 'Completed',
      meaning: 'The call connected and has ended.',
    })
    expect(callOutcome('DIALER_COMPLETED', { voicemailDrop: true }).meaning).toMatch(/voicemail drop/)
  })

  it('names a status the service adds later as unknown, as it came, claiming neither progress nor an ending', () => {
    const outcome = callOutcome('DIALER_VOICEMAIL')
    expect(outcome).toMatchObject({ kind: 'unknown', headline: 'Unknown status DIALER_VOICEMAIL from the service' })
    expect(outcome.meaning).toMatch(/does not say whether the call is still going or has ended/)
  })
})
