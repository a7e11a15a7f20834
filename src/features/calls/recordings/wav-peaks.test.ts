import { describe, expect, it } from 'vitest'
import { createWavPeaksReader, readWavPeaks, UnsupportedWavError } from './wav-peaks'

// WAV files written byte by byte, the way the simulator and telephony platforms write them.
function riffChunk(id: string, body: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(8 + body.length + (body.length & 1))
  const view = new DataView(bytes.buffer)
  for (let i = 0; i < 4; i++) view.setUint8(i, id.charCodeAt(i))
  view.setUint32(4, body.length, true)
  bytes.set(body, 8)
  return bytes
}

function fmtChunk({ format = 1, channels = 2, bits = 16, sampleRate = 8000 } = {}): Uint8Array {
  const view = new DataView(new ArrayBuffer(16))
  const blockAlign = (channels * bits) / 8
  view.setUint16(0, format, true)
  view.setUint16(2, channels, true)
  view.setUint32(4, sampleRate, true)
  view.setUint32(8, sampleRate * blockAlign, true)
  view.setUint16(12, blockAlign, true)
  view.setUint16(14, bits, true)
  return riffChunk('fmt ', new Uint8Array(view.buffer))
}

/** Interleaved 16-bit frames: one array of samples per frame. */
function pcm16(frames: number[][]): Uint8Array {
  const samples = Int16Array.from(frames.flat())
  return riffChunk('data', new Uint8Array(samples.buffer))
}

function wavFile(...chunks: Uint8Array[]): Uint8Array {
  const body = concat([new TextEncoder().encode('WAVE'), ...chunks])
  return riffChunk('RIFF', body)
}

function concat(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    bytes.set(part, offset)
    offset += part.length
  }
  return bytes
}

function peaksOf(file: Uint8Array, buckets: number, pieceSizes: number[] = [file.length]): number[][] {
  const reader = createWavPeaksReader(buckets)
  let offset = 0
  for (let i = 0; offset < file.length; i++) {
    const size = pieceSizes[i % pieceSizes.length] ?? file.length
    reader.push(file.subarray(offset, offset + size))
    offset += size
  }
  return reader.finish().map((channel) => Array.from(channel))
}

// A caller who speaks in the first half and a callee who answers in the second.
const conversation = Array.from({ length: 8 }, (_, frame) => (frame < 4 ? [16384, -64] : [0, -32768]))
const stereo = wavFile(fmtChunk(), pcm16(conversation))

describe('createWavPeaksReader', () => {
  it('keeps the two sides of a call apart, bucket by bucket', () => {
    expect(peaksOf(stereo, 2)).toEqual([
      [0.5, 0],
      [64 / 32768, 1],
    ])
  })

  it('gives the same peaks however the download is split, frames and headers included', () => {
    const whole = peaksOf(stereo, 4)
    for (const sizes of [[1], [3], [5, 7], [43, 1], [45, 2, 9]]) {
      expect(peaksOf(stereo, 4, sizes), `pieces of ${sizes}`).toEqual(whole)
    }
  })

  it('skips other chunks, padded to an even length, before and after the samples', () => {
    const odd = riffChunk('LIST', new Uint8Array([1, 2, 3]))
    const file = wavFile(odd, fmtChunk(), riffChunk('fact', new Uint8Array(5)), pcm16(conversation), odd)
    expect(peaksOf(file, 2, [3])).toEqual(peaksOf(stereo, 2))
  })

  it('reads one channel, with fewer samples than buckets', () => {
    const mono = wavFile(fmtChunk({ channels: 1 }), pcm16([[-16384], [32767], [0]]))
    expect(peaksOf(mono, 1000)).toEqual([[0.5, 32767 / 32768, 0]])
  })

  it('reads 8-bit unsigned and 24-bit samples', () => {
    const eightBit = wavFile(fmtChunk({ channels: 1, bits: 8 }), riffChunk('data', new Uint8Array([128, 0, 192])))
    expect(peaksOf(eightBit, 3)).toEqual([[0, 1, 0.5]])
    // -8388608 and 4194304, little-endian.
    const samples = new Uint8Array([0x00, 0x00, 0x80, 0x00, 0x00, 0x40])
    const twentyFour = wavFile(fmtChunk({ channels: 1, bits: 24 }), riffChunk('data', samples))
    expect(peaksOf(twentyFour, 2)).toEqual([[1, 0.5]])
  })

  it('reads float samples from an extensible format header', () => {
    const view = new DataView(new ArrayBuffer(40))
    view.setUint16(0, 0xfffe, true)
    view.setUint16(2, 1, true)
    view.setUint32(4, 8000, true)
    view.setUint16(12, 4, true)
    view.setUint16(14, 32, true)
    view.setUint16(16, 22, true)
    // The sub-format GUID starts with the format code: 3, IEEE float.
    view.setUint16(24, 3, true)
    const data = riffChunk('data', new Uint8Array(Float32Array.from([-0.25, 2]).buffer))
    expect(peaksOf(wavFile(riffChunk('fmt ', new Uint8Array(view.buffer)), data), 2)).toEqual([[0.25, 1]])
  })

  it('says done once the samples are read, so the rest need not be downloaded', () => {
    const reader = createWavPeaksReader(2)
    const end = stereo.length - 1
    reader.push(stereo.subarray(0, end))
    expect(reader.done).toBe(false)
    reader.push(stereo.subarray(end))
    expect(reader.done).toBe(true)
  })

  it('rejects what it cannot read, so the browser decoder can take over', () => {
    const mp3InWav = wavFile(fmtChunk({ format: 0x55 }), pcm16(conversation))
    expect(() => peaksOf(mp3InWav, 2)).toThrow(UnsupportedWavError)
    const notWav = new TextEncoder().encode('ID3\u0004 this is an mp3 file')
    expect(() => peaksOf(notWav, 2)).toThrow(UnsupportedWavError)
    const dataFirst = wavFile(pcm16(conversation), fmtChunk())
    expect(() => peaksOf(dataFirst, 2)).toThrow(UnsupportedWavError)
    const truncated = stereo.subarray(0, stereo.length - 2)
    expect(() => peaksOf(truncated, 2)).toThrow(UnsupportedWavError)
  })
})

function streamOf(pieces: Uint8Array[], failAfter = Number.POSITIVE_INFINITY) {
  const pulled = { count: 0, cancelled: false }
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled.count === failAfter) return controller.error(new TypeError('network error'))
        const piece = pieces[pulled.count++]
        if (piece) controller.enqueue(piece)
        else controller.close()
      },
      cancel() {
        pulled.cancelled = true
      },
    },
    // Pulled on demand only, as a network response is read.
    { highWaterMark: 0 },
  )
  return { stream, pulled }
}

describe('readWavPeaks', () => {
  it('stops downloading once the samples are read', async () => {
    const trailer = riffChunk('LIST', new Uint8Array(1000))
    const { stream, pulled } = streamOf([stereo.subarray(0, 50), stereo.subarray(50), trailer, trailer])
    const peaks = await readWavPeaks(stream, 2)
    expect(peaks.map((channel) => Array.from(channel))).toEqual(peaksOf(stereo, 2))
    expect(pulled.cancelled).toBe(true)
    expect(pulled.count).toBeLessThan(4)
  })

  it('lets a file that ends with its samples finish, rather than cancel the request', async () => {
    const { stream, pulled } = streamOf([stereo.subarray(0, 50), stereo.subarray(50)])
    expect((await readWavPeaks(stream, 2)).length).toBe(2)
    expect(pulled.cancelled).toBe(false)
  })

  it('stops downloading a file it cannot read', async () => {
    const mp3 = new TextEncoder().encode('ID3\u0004 this is an mp3 file')
    const { stream, pulled } = streamOf([mp3, mp3, mp3])
    await expect(readWavPeaks(stream, 2)).rejects.toBeInstanceOf(UnsupportedWavError)
    expect(pulled).toEqual({ count: 1, cancelled: true })
  })

  it('passes a failed download on as it is, not as an unreadable file', async () => {
    const { stream } = streamOf([stereo.subarray(0, 50), stereo.subarray(50)], 1)
    const failure = readWavPeaks(stream, 2)
    await expect(failure).rejects.toThrow('network error')
    await expect(failure).rejects.not.toBeInstanceOf(UnsupportedWavError)
  })
})
