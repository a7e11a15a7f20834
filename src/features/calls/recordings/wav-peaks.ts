// The waveform of a WAV recording, reduced while it downloads: a long call never sits in
// memory whole, and nothing is decoded on the page's main thread (see recording-peaks.worker.ts).

/** The file is not a WAV this reader understands; the browser's own decoder may still play it. */
export class UnsupportedWavError extends Error {}

/** How loud one sample is, from 0 to 1: wavesurfer draws its bars from magnitudes. */
type SampleLevel = (view: DataView, offset: number) => number

interface WavFormat {
  channels: number
  bytesPerSample: number
  /** Bytes of one frame: one sample of every channel. */
  blockAlign: number
  level: SampleLevel
}

const PCM = 1
const IEEE_FLOAT = 3
const EXTENSIBLE = 0xfffe
// fmt is 16, 18 or 40 bytes in practice; a bound keeps a hostile header from growing the buffer.
const MAX_FMT_BYTES = 256
// Recordings have one or two channels; more would be a broken header, not a call.
const MAX_CHANNELS = 8
const MAX_FRAME_BYTES = MAX_CHANNELS * 4
const RIFF_HEADER_BYTES = 12
const CHUNK_HEADER_BYTES = 8

const INTEGER_LEVELS: Record<number, SampleLevel> = {
  // 8-bit WAV samples are unsigned, centred on 128.
  1: (view, offset) => Math.abs(view.getUint8(offset) - 128) / 128,
  2: (view, offset) => Math.abs(view.getInt16(offset, true)) / 32768,
  3: (view, offset) =>
    Math.abs(view.getUint8(offset) | (view.getUint8(offset + 1) << 8) | (view.getInt8(offset + 2) << 16)) / 8388608,
  4: (view, offset) => Math.abs(view.getInt32(offset, true)) / 2147483648,
}
const FLOAT_LEVEL: SampleLevel = (view, offset) => Math.min(1, Math.abs(view.getFloat32(offset, true)))

function ascii(view: DataView, offset: number): string {
  return String.fromCharCode(...[0, 1, 2, 3].map((i) => view.getUint8(offset + i)))
}

function parseFormat(fmt: DataView): WavFormat {
  let code = fmt.getUint16(0, true)
  // WAVE_FORMAT_EXTENSIBLE keeps the real format code in the first bytes of its sub-format GUID.
  if (code === EXTENSIBLE && fmt.byteLength >= 26) code = fmt.getUint16(24, true)
  const channels = fmt.getUint16(2, true)
  const bytesPerSample = fmt.getUint16(14, true) / 8
  const level =
    code === PCM ? INTEGER_LEVELS[bytesPerSample] : code === IEEE_FLOAT && bytesPerSample === 4 ? FLOAT_LEVEL : null
  if (!level || channels < 1 || channels > MAX_CHANNELS) {
    throw new UnsupportedWavError(`Unsupported WAV format ${code}, ${bytesPerSample * 8} bits, ${channels} channels`)
  }
  return { channels, bytesPerSample, blockAlign: channels * bytesPerSample, level }
}

/**
 * Reads a WAV file pushed in pieces of any size and keeps, per channel, the loudest sample of each
 * of `buckets` equal stretches of time. Chunks other than fmt and data are skipped unread.
 */
export function createWavPeaksReader(buckets: number) {
  let phase: 'riff' | 'chunk' | 'fmt' | 'skip' | 'data' | 'done' = 'riff'
  // Headers may arrive split over reads: they are gathered here until `wanted` bytes are in.
  const header = new Uint8Array(MAX_FMT_BYTES)
  let wanted = RIFF_HEADER_BYTES
  let gathered = 0
  let skipping = 0
  let format: WavFormat | null = null
  let peaks: Float32Array[] = []
  let bucketCount = 0
  let frames = 0
  let framesRead = 0
  // The start of a frame whose end is in the next read.
  const partialFrame = new Uint8Array(MAX_FRAME_BYTES)
  let partialBytes = 0

  function gather(next: typeof phase, bytes: number) {
    phase = next
    wanted = bytes
    gathered = 0
  }

  function skip(bytes: number) {
    if (bytes === 0) return gather('chunk', CHUNK_HEADER_BYTES)
    phase = 'skip'
    skipping = bytes
  }

  function startData(dataBytes: number) {
    if (!format) throw new UnsupportedWavError('The WAV data comes before its format')
    frames = Math.floor(dataBytes / format.blockAlign)
    if (frames === 0) throw new UnsupportedWavError('The WAV has no samples')
    bucketCount = Math.min(buckets, frames)
    peaks = Array.from({ length: format.channels }, () => new Float32Array(bucketCount))
    phase = 'data'
  }

  function onHeader(view: DataView) {
    if (phase === 'riff') {
      if (ascii(view, 0) !== 'RIFF' || ascii(view, 8) !== 'WAVE') throw new UnsupportedWavError('Not a WAV file')
      return gather('chunk', CHUNK_HEADER_BYTES)
    }
    if (phase === 'fmt') {
      format = parseFormat(view)
      return gather('chunk', CHUNK_HEADER_BYTES)
    }
    const id = ascii(view, 0)
    const size = view.getUint32(4, true)
    // RIFF pads every chunk to an even length.
    const padded = size + (size & 1)
    if (id === 'fmt ') {
      if (size < 16 || padded > MAX_FMT_BYTES) throw new UnsupportedWavError(`A fmt chunk of ${size} bytes`)
      return gather('fmt', padded)
    }
    if (id === 'data') return startData(size)
    skip(padded)
  }

  function addFrames(view: DataView, offset: number, count: number) {
    if (!format) return
    const { channels, bytesPerSample, blockAlign, level } = format
    for (let frame = 0; frame < count; frame++) {
      const bucket = Math.floor(((framesRead + frame) * bucketCount) / frames)
      const start = offset + frame * blockAlign
      for (let channel = 0; channel < channels; channel++) {
        const channelPeaks = peaks[channel]
        const value = level(view, start + channel * bytesPerSample)
        if (channelPeaks && value > (channelPeaks[bucket] ?? 0)) channelPeaks[bucket] = value
      }
    }
    framesRead += count
    if (framesRead === frames) phase = 'done'
  }

  /** Reads samples from `offset`; returns where it stopped. */
  function readData(bytes: Uint8Array, offset: number): number {
    if (!format) return bytes.length
    const { blockAlign } = format
    let at = offset
    if (partialBytes > 0) {
      const taken = Math.min(blockAlign - partialBytes, bytes.length - at)
      partialFrame.set(bytes.subarray(at, at + taken), partialBytes)
      partialBytes += taken
      at += taken
      if (partialBytes < blockAlign) return at
      partialBytes = 0
      addFrames(new DataView(partialFrame.buffer), 0, 1)
      if (phase === 'done') return at
    }
    const whole = Math.min(Math.floor((bytes.length - at) / blockAlign), frames - framesRead)
    addFrames(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), at, whole)
    at += whole * blockAlign
    if (phase === 'done') return at
    partialFrame.set(bytes.subarray(at), 0)
    partialBytes = bytes.length - at
    return bytes.length
  }

  return {
    /** True once every sample is read: the rest of the file need not be downloaded. */
    get done() {
      return phase === 'done'
    },

    push(bytes: Uint8Array) {
      let offset = 0
      while (offset < bytes.length && phase !== 'done') {
        if (phase === 'data') {
          offset = readData(bytes, offset)
        } else if (phase === 'skip') {
          const skipped = Math.min(skipping, bytes.length - offset)
          offset += skipped
          skipping -= skipped
          if (skipping === 0) gather('chunk', CHUNK_HEADER_BYTES)
        } else {
          const taken = Math.min(wanted - gathered, bytes.length - offset)
          header.set(bytes.subarray(offset, offset + taken), gathered)
          gathered += taken
          offset += taken
          if (gathered === wanted) onHeader(new DataView(header.buffer, 0, wanted))
        }
      }
    },

    /** One array per channel; throws when the file ended before its last sample. */
    finish(): Float32Array[] {
      if (phase !== 'done') throw new UnsupportedWavError('The WAV ended before its last sample')
      return peaks
    },
  }
}

/** Streams a response body through the reader and stops downloading once the samples are read. */
export async function readWavPeaks(body: ReadableStream<Uint8Array>, buckets: number): Promise<Float32Array[]> {
  const peaks = createWavPeaksReader(buckets)
  const stream = body.getReader()
  let ended = false
  try {
    // Bounded by the stream: every read consumes it. One read goes past the samples, so a file
    // that ends with them closes cleanly instead of being cancelled mid-request.
    while (!ended) {
      const { done, value } = await stream.read()
      ended = done
      if (done || peaks.done) break
      peaks.push(value)
    }
  } finally {
    // Chunks after the samples (metadata), or the rest of a file that could not be read: not worth downloading.
    if (!ended) await stream.cancel().catch(() => {})
  }
  return peaks.finish()
}
