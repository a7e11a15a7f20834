import { describe, expect, it } from 'vitest'
import { parseByteRange } from './byte-range'
import { synthesizeConversation, WAV_SAMPLE_RATE, wavByteLength } from './wav'

describe('synthesizeConversation', () => {
  const wav = synthesizeConversation('call_TEST', 3)

  it('writes a PCM 16-bit stereo header whose sizes match the duration', () => {
    expect(wav.length).toBe(wavByteLength(3))
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF')
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8)
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE')
    expect(wav.readUInt16LE(20)).toBe(1)
    expect(wav.readUInt16LE(22)).toBe(2)
    expect(wav.readUInt32LE(24)).toBe(WAV_SAMPLE_RATE)
    expect(wav.readUInt16LE(34)).toBe(16)
    expect(wav.readUInt32LE(40)).toBe(3 * WAV_SAMPLE_RATE * 4)
  })

  it('is audible on both legs and the same for the same call', () => {
    const peak = [0, 0]
    for (let offset = 44; offset < wav.length; offset += 2) {
      const channel = ((offset - 44) / 2) % 2
      peak[channel] = Math.max(peak[channel] ?? 0, Math.abs(wav.readInt16LE(offset)))
    }
    expect(Math.min(...peak)).toBeGreaterThan(1000)
    expect(synthesizeConversation('call_TEST', 3).equals(wav)).toBe(true)
  })
})

describe('parseByteRange', () => {
  it('reads closed, open and suffix ranges', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', start: 0, end: 99 })
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 })
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 })
    expect(parseByteRange('bytes=990-5000', 1000)).toEqual({ kind: 'partial', start: 990, end: 999 })
  })

  it('refuses ranges past the end and ignores malformed ones', () => {
    expect(parseByteRange('bytes=1000-1001', 1000)).toEqual({ kind: 'unsatisfiable' })
    expect(parseByteRange('bytes=0-1,5-9', 1000)).toEqual({ kind: 'full' })
    expect(parseByteRange('items=0-1', 1000)).toEqual({ kind: 'full' })
    expect(parseByteRange(undefined, 1000)).toEqual({ kind: 'full' })
  })
})
