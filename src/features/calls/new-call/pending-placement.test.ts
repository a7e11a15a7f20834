import { describe, expect, it } from 'vitest'
import { type PendingPlacement, placementToRestore } from './pending-placement'

const pending = (entry?: string): PendingPlacement => ({
  submission: { key: 'key-1', fingerprint: '{}' },
  values: { callerId: '+14155550100', destination: '+15005550002', record: false, metadataRows: [] },
  sentAt: 1_000,
  entry,
})

describe('placementToRestore', () => {
  it('brings back the placement sent from this history entry, even on a filled link', () => {
    const sent = pending('entry-a')
    expect(placementToRestore(sent, { entry: 'entry-a', filled: true })).toBe(sent)
    expect(placementToRestore(sent, { entry: 'entry-a', filled: false })).toBe(sent)
  })

  it('leaves it for a link or "Call again" opened since, which is a new intent', () => {
    expect(placementToRestore(pending('entry-a'), { entry: 'entry-b', filled: true })).toBeNull()
    expect(placementToRestore(pending(), { entry: 'entry-b', filled: true })).toBeNull()
  })

  it('brings it back on an empty form, as before entries were kept', () => {
    const sent = pending()
    expect(placementToRestore(sent, { entry: 'entry-b', filled: false })).toBe(sent)
    expect(placementToRestore(null, { entry: 'entry-a', filled: false })).toBeNull()
  })
})
