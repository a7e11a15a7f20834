// GET /calls/{id}/recordings and the signed storage URL: a real stereo PCM WAV
// whose length matches the call, served with Range support and refused when expired or tampered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callDetail, callRecordings } from './contract/schemas'
import { ACME_KEY, type ApiClient, api, send } from './test-support/api'
import { expectProblem } from './test-support/assertions'
import { createCall, TEST_NUMBERS } from './test-support/calls'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'
import { parseWav } from './test-support/wav'

let sim: TestSimulator
let acme: ApiClient
const clock = new FakeClock('2026-11-15T12:00:00Z')
let callId: string
let duration: number
let recordingUrl: string
let full: Uint8Array
let unrecordedId: string
let failedId: string

const absolute = (url: string) => new URL(url, sim.url).toString()
/** Byte comparison without a deep-equality diff, which takes minutes on megabytes. */
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b))
const fetchBytes = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(absolute(url), { headers })
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) }
}

beforeAll(async () => {
  sim = await startTestSimulator({ speed: 1, now: clock.now })
  acme = api(sim, ACME_KEY)
  const created = await createCall(acme, { destination: TEST_NUMBERS.completes, record: true })
  callId = created.call_id
  const before = callRecordings.parse((await acme.get(`/calls/${callId}/recordings`)).body)
  expect(before.recordings).toEqual([])
  unrecordedId = (await createCall(acme, { destination: TEST_NUMBERS.completes, record: false })).call_id
  failedId = (await createCall(acme, { destination: TEST_NUMBERS.noAnswer, record: true })).call_id
  // One jump ends all three calls and leaves the signed URL fresh until the expiry test.
  clock.advance(30 * 60_000)
  const detail = callDetail.parse((await acme.get(`/calls/${callId}`)).body)
  expect(detail.status).toBe('DIALER_COMPLETED')
  duration = detail.duration_seconds ?? -1
  const res = await acme.get(`/calls/${callId}/recordings`)
  recordingUrl = callRecordings.parse(res.body).recordings[0]?.url ?? ''
  full = (await fetchBytes(recordingUrl)).bytes
})
afterAll(() => sim?.close())

describe('GET /calls/{id}/recordings', () => {
  it('lists one stereo wav recording as long as the call, under storage_url', async () => {
    const res = await acme.get(`/calls/${callId}/recordings`)
    expect(res.status).toBe(200)
    const body = callRecordings.parse(res.body)
    expect(body.call_id).toBe(callId)
    expect(body.recordings).toHaveLength(1)
    expect(body.recordings[0]).toEqual({ url: recordingUrl, format: 'wav', channels: 2, duration_seconds: duration })
    expect(Object.keys(res.body as object).sort()).toEqual(['call_id', 'recordings'])
    const storage = sim.config.storageUrl || sim.url
    expect(absolute(recordingUrl).startsWith(storage.replace(/\/$/, ''))).toBe(true)
  })

  it('is what the detail names as recording_url', async () => {
    const detail = callDetail.parse((await acme.get(`/calls/${callId}`)).body)
    expect(detail.recording_url).toBe(recordingUrl)
  })

  it('is empty for a completed call that was not recorded, and its recording_url is null', async () => {
    const detail = callDetail.parse((await acme.get(`/calls/${unrecordedId}`)).body)
    expect(detail.status).toBe('DIALER_COMPLETED')
    expect(detail.recording_url).toBeNull()
    const body = callRecordings.parse((await acme.get(`/calls/${unrecordedId}/recordings`)).body)
    expect(body).toEqual({ call_id: unrecordedId, recordings: [] })
  })

  it('is empty for a recorded call that failed', async () => {
    const detail = callDetail.parse((await acme.get(`/calls/${failedId}`)).body)
    expect(detail.status).toBe('DIALER_FAILED')
    const body = callRecordings.parse((await acme.get(`/calls/${failedId}/recordings`)).body)
    expect(body.recordings).toEqual([])
  })
})

describe('the recording file', () => {
  it('is a RIFF/WAVE PCM file with two channels and a data size matching the duration', async () => {
    const { res } = await fetchBytes(recordingUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^audio\/(x-)?wav/)
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(Number(res.headers.get('content-length'))).toBe(full.byteLength)
    const wav = parseWav(full)
    expect(wav.audioFormat).toBe(1)
    expect(wav.channels).toBe(2)
    expect(wav.blockAlign).toBe((wav.channels * wav.bitsPerSample) / 8)
    expect(wav.byteRate).toBe(wav.sampleRate * wav.blockAlign)
    expect(wav.riffSize).toBe(full.byteLength - 8)
    expect(wav.dataOffset + wav.dataSize).toBe(full.byteLength)
    expect(wav.dataSize / wav.byteRate).toBeCloseTo(duration, 0)
  })

  it('carries audible sound on both legs', () => {
    const wav = parseWav(full)
    expect(wav.bitsPerSample).toBe(16)
    const view = new DataView(full.buffer, full.byteOffset + wav.dataOffset, wav.dataSize)
    const peak = [0, 0]
    for (let at = 0; at + 4 <= wav.dataSize; at += 4 * 7) {
      peak[0] = Math.max(peak[0] ?? 0, Math.abs(view.getInt16(at, true)))
      peak[1] = Math.max(peak[1] ?? 0, Math.abs(view.getInt16(at + 2, true)))
    }
    expect(peak[0]).toBeGreaterThan(1000)
    expect(peak[1]).toBeGreaterThan(1000)
  })

  it('needs no API key: the signature is the credential', async () => {
    const { res, bytes } = await fetchBytes(recordingUrl, { authorization: 'Bearer wrong' })
    expect(res.status).toBe(200)
    expect(sameBytes(bytes, full)).toBe(true)
  })
})

describe('Range requests on the recording', () => {
  it('HEAD gives the size and range support without a body', async () => {
    const res = await fetch(absolute(recordingUrl), { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    // RFC 9110 lets a HEAD answer omit Content-Length; when sent it must be the file's size.
    const length = res.headers.get('content-length')
    if (length !== null && length !== '0') expect(Number(length)).toBe(full.byteLength)
    expect((await res.arrayBuffer()).byteLength).toBe(0)
  })

  it('bytes=0-99 answers 206 with the first 100 bytes', async () => {
    const { res, bytes } = await fetchBytes(recordingUrl, { range: 'bytes=0-99' })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe(`bytes 0-99/${full.byteLength}`)
    expect(bytes).toEqual(full.subarray(0, 100))
  })

  it('a middle range answers exactly those bytes', async () => {
    const { res, bytes } = await fetchBytes(recordingUrl, { range: 'bytes=1000-1999' })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${full.byteLength}`)
    expect(bytes).toEqual(full.subarray(1000, 2000))
  })

  it('a suffix range bytes=-100 answers the last 100 bytes', async () => {
    const { res, bytes } = await fetchBytes(recordingUrl, { range: 'bytes=-100' })
    expect(res.status).toBe(206)
    const total = full.byteLength
    expect(res.headers.get('content-range')).toBe(`bytes ${total - 100}-${total - 1}/${total}`)
    expect(bytes).toEqual(full.subarray(total - 100))
  })

  it('an open range bytes=N- answers from N to the end', async () => {
    const { res, bytes } = await fetchBytes(recordingUrl, { range: 'bytes=44-' })
    expect(res.status).toBe(206)
    expect(sameBytes(bytes, full.subarray(44))).toBe(true)
  })

  it('a range starting past the end answers 416 with the size', async () => {
    const total = full.byteLength
    const { res } = await fetchBytes(recordingUrl, { range: `bytes=${total}-${total + 10}` })
    expect(res.status).toBe(416)
    expect(res.headers.get('content-range')).toBe(`bytes */${total}`)
  })

  it('the 416 body is a problem, as the README lists 416 among the problem+json errors', async () => {
    const total = full.byteLength
    expectProblem(await send(absolute(recordingUrl), { headers: { range: `bytes=${total + 5}-` } }), 416)
  })

  it('forged and expired links answer 403 problem+json', async () => {
    const forged = recordingUrl.replace(/signature=[0-9a-f]/, (m) => `${m.slice(0, -1)}${m.endsWith('0') ? '1' : '0'}`)
    expect(forged).not.toBe(recordingUrl)
    expectProblem(await send(absolute(forged)), 403)
  })
})

describe('signed URL', () => {
  const mutate = (url: string, change: (u: URL) => void) => {
    const u = new URL(absolute(url))
    change(u)
    return u.toString()
  }

  it('refuses a tampered signature with 403', async () => {
    const tampered = mutate(recordingUrl, (u) => {
      const name = [...u.searchParams.keys()].find((k) => /sig|token/i.test(k)) ?? [...u.searchParams.keys()].at(-1)
      if (!name) throw new Error(`no query parameters to tamper with in ${recordingUrl}`)
      const value = u.searchParams.get(name) ?? ''
      u.searchParams.set(name, `${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`)
    })
    expect((await fetchBytes(tampered)).res.status).toBe(403)
  })

  it('refuses a longer expiry than signed with 403', async () => {
    const stretched = mutate(recordingUrl, (u) => {
      const name = [...u.searchParams.keys()].find((k) => /exp/i.test(k))
      if (!name) throw new Error(`no expiry parameter in ${recordingUrl}`)
      u.searchParams.set(name, String(Number(u.searchParams.get(name)) + 3600))
    })
    expect((await fetchBytes(stretched)).res.status).toBe(403)
  })

  it('does not open another call’s recording with this signature (403)', async () => {
    const other = mutate(recordingUrl, (u) => {
      u.pathname = u.pathname.replace(callId, unrecordedId)
    })
    expect(other).toContain(unrecordedId)
    expect((await fetchBytes(other)).res.status).toBe(403)
  })

  it('expires after an hour (403), and the API then hands out a fresh URL that works', async () => {
    clock.advance(59 * 60_000)
    expect((await fetchBytes(recordingUrl, { range: 'bytes=0-9' })).res.status).toBe(206)
    clock.advance(2 * 60_000)
    expect((await fetchBytes(recordingUrl)).res.status).toBe(403)
    const fresh = callRecordings.parse((await acme.get(`/calls/${callId}/recordings`)).body).recordings[0]?.url ?? ''
    expect(fresh).not.toBe(recordingUrl)
    const { res, bytes } = await fetchBytes(fresh)
    expect(res.status).toBe(200)
    expect(sameBytes(bytes, full)).toBe(true)
  })
})
