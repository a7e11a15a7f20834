// The tabs of one browser sharing one stream, with fake tabs (fake-tabs.ts) on fake timers: who holds
// the stream, what it watches, and how another tab takes over from one that closes or freezes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveStreamEvent } from '@/api/live-stream'
import { createFakeBus, createFakeLock, createFakeStreams } from './fake-tabs'
import { joinSharedStream, type SharedStream } from './shared-stream'
import { SILENCE_MS, UNION_DEBOUNCE_MS } from './tab-messages'

const resumed: LiveStreamEvent = { name: 'resumed', data: {} }
const snapshot: LiveStreamEvent = { name: 'snapshot', data: { calls: [], paused: null, tally: null } }

function browser() {
  const bus = createFakeBus()
  const lock = createFakeLock()
  const streams = createFakeStreams()
  const tabs: (SharedStream & { id: string; heard: { name: string; id: string | null }[]; mode: () => string })[] = []
  const open = (id: string, watched: string[] = []) => {
    const heard: { name: string; id: string | null }[] = []
    let mode = 'connecting'
    const shared = joinSharedStream({
      tabId: id,
      channel: bus.channel(id),
      lock: lock.lock,
      openStream: streams.open,
      maxWatched: 3,
      watched: watched.map((callId) => ({ id: callId, since: Date.now() })),
      snapshot: () => ({ calls: [], paused: null, tally: null }),
      onEvent: (event, eventId) => heard.push({ name: event.name, id: eventId }),
      onMode: (next) => {
        mode = next
      },
      onWatching: () => {},
      jitterMs: 0,
    })
    const tab = Object.assign(shared, { id, heard, mode: () => mode })
    tabs.push(tab)
    return tab
  }
  /** The one open stream, which must be the only one. */
  const theStream = () => {
    const live = streams.live()
    expect(live).toHaveLength(1)
    return live[0] as NonNullable<(typeof live)[0]>
  }
  return { bus, lock, streams, open, theStream, tabs }
}

const settle = (ms = 50) => vi.advanceTimersByTimeAsync(ms)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('tabs sharing one stream', () => {
  it('opens one stream for many tabs, from the first, and passes its events to the others with their ids', async () => {
    const b = browser()
    const first = b.open('tab-1')
    await settle()
    const others = Array.from({ length: 11 }, (_, n) => b.open(`tab-${n + 2}`))
    await settle(2_000)
    expect(first.isLeader()).toBe(true)
    expect(others.some((tab) => tab.isLeader())).toBe(false)
    const stream = b.theStream()
    stream.sink.onMode('live', null)
    stream.send(snapshot, 'boot-1')
    stream.send(resumed, 'boot-2')
    await settle()
    for (const tab of [first, ...others]) {
      expect(tab.heard.at(-1)).toEqual({ name: 'resumed', id: 'boot-2' })
      expect(tab.mode()).toBe('live')
    }
    expect(b.streams.opened).toHaveLength(1)
  })

  it('streams the union of what the tabs watch, the most recent first past the cap, and resumes when it only shrinks', async () => {
    const b = browser()
    b.open('tab-1', ['call_a'])
    await settle()
    expect(b.theStream().callIds).toEqual(['call_a'])
    b.theStream().send(resumed, 'boot-5')
    const second = b.open('tab-2', ['call_b', 'call_c'])
    await settle(UNION_DEBOUNCE_MS + 50)
    // A new call needs a snapshot, not a replay.
    expect(b.theStream()).toMatchObject({ callIds: ['call_a', 'call_b', 'call_c'], lastEventId: null })
    b.theStream().send(resumed, 'boot-6')
    await settle(10)
    second.stop()
    await settle(UNION_DEBOUNCE_MS + 50)
    expect(b.theStream()).toMatchObject({ callIds: ['call_a'], lastEventId: 'boot-6' })
    b.open('tab-3', ['call_d'])
    await settle(10)
    b.open('tab-4', ['call_e', 'call_f'])
    await settle(UNION_DEBOUNCE_MS + 50)
    // Four ids, three allowed: the one watched longest is left to its page's polling.
    expect(b.theStream().callIds).toEqual(['call_d', 'call_e', 'call_f'])
  })

  it('hands the stream to another tab when its tab closes, resuming after the last event', async () => {
    const b = browser()
    const first = b.open('tab-1')
    await settle()
    const second = b.open('tab-2')
    const third = b.open('tab-3')
    await settle(600)
    b.theStream().send(resumed, 'boot-9')
    await settle()
    first.stop()
    await settle(100)
    expect([second.isLeader(), third.isLeader()].filter(Boolean)).toHaveLength(1)
    expect(b.theStream().lastEventId).toBe('boot-9')
  })

  it('steals the lock from a frozen leader within 2 s, and the leader steps down once it thaws', async () => {
    const b = browser()
    const first = b.open('tab-1')
    await settle()
    const second = b.open('tab-2')
    const third = b.open('tab-3')
    await settle(600)
    b.theStream().send(resumed, 'boot-3')
    await settle()
    b.bus.frozen.add('tab-1')
    await settle(SILENCE_MS + 500)
    b.bus.frozen.delete('tab-1')
    expect(first.isLeader()).toBe(false)
    expect([second.isLeader(), third.isLeader()].filter(Boolean)).toHaveLength(1)
    const stream = b.theStream()
    expect(stream.lastEventId).toBe('boot-3')
    // Once thawed, everyone follows the one leader, and nobody steals again.
    await settle(5_000)
    expect(b.theStream()).toBe(stream)
    expect(b.tabs.filter((tab) => tab.isLeader())).toHaveLength(1)
  })

  it('gives a tab that comes later the board at once, and stops the stream when the last tab goes', async () => {
    const b = browser()
    const first = b.open('tab-1')
    await settle()
    b.theStream().sink.onMode('live', null)
    b.theStream().send(snapshot, 'boot-1')
    const late = b.open('tab-2')
    await settle()
    expect(late.heard).toEqual([{ name: 'snapshot', id: 'boot-1' }])
    late.stop()
    first.stop()
    await settle(3_000)
    expect(b.streams.live()).toEqual([])
    expect(b.lock.held()).toBe(false)
  })
})
