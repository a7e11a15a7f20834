import { createRandom } from './prng'

export const WAV_SAMPLE_RATE = 8000
export const WAV_CHANNELS = 2
const BYTES_PER_SAMPLE = 2
const HEADER_BYTES = 44

export function wavByteLength(durationSeconds: number): number {
  return HEADER_BYTES + durationSeconds * WAV_SAMPLE_RATE * WAV_CHANNELS * BYTES_PER_SAMPLE
}

function writeWavHeader(buffer: Buffer, dataBytes: number): void {
  const blockAlign = WAV_CHANNELS * BYTES_PER_SAMPLE
  buffer.write('RIFF', 0, 'ascii')
  buffer.writeUInt32LE(36 + dataBytes, 4)
  buffer.write('WAVE', 8, 'ascii')
  buffer.write('fmt ', 12, 'ascii')
  buffer.writeUInt32LE(16, 16)
  buffer.writeUInt16LE(1, 20) // PCM
  buffer.writeUInt16LE(WAV_CHANNELS, 22)
  buffer.writeUInt32LE(WAV_SAMPLE_RATE, 24)
  buffer.writeUInt32LE(WAV_SAMPLE_RATE * blockAlign, 28)
  buffer.writeUInt16LE(blockAlign, 32)
  buffer.writeUInt16LE(BYTES_PER_SAMPLE * 8, 34)
  buffer.write('data', 36, 'ascii')
  buffer.writeUInt32LE(dataBytes, 40)
}

// Harmonic weights loosely shaped like a vowel's spectrum, so the tone sounds voice-like.
const HARMONICS = new Float64Array([1, 0.6, 0.45, 0.3, 0.2, 0.12])
// A sine table keeps synthesis of a ten-minute call well under a second.
const TABLE_SIZE = 4096
const SINE = Float64Array.from({ length: TABLE_SIZE }, (_, index) => Math.sin((2 * Math.PI * index) / TABLE_SIZE))

/**
 * A two-channel recording (left: caller leg, right: callee leg) of a synthetic conversation:
 * the parties take turns, each speaking in pitch-varying, syllable-modulated harmonic tones.
 * Deterministic per seed, so the same call always has the same audio.
 */
export function synthesizeConversation(seed: string, durationSeconds: number): Buffer {
  const frames = durationSeconds * WAV_SAMPLE_RATE
  const dataBytes = frames * WAV_CHANNELS * BYTES_PER_SAMPLE
  const buffer = Buffer.alloc(HEADER_BYTES + dataBytes)
  writeWavHeader(buffer, dataBytes)
  const samples = new Int16Array(buffer.buffer, buffer.byteOffset + HEADER_BYTES, frames * WAV_CHANNELS)
  const random = createRandom(`wav|${seed}`)
  const basePitch = [random.int(105, 140), random.int(185, 235)]
  const phases = new Float64Array(HARMONICS.length)
  let frame = 0
  let speaker = random.int(0, 1)
  while (frame < frames) {
    const turnFrames = Math.min(frames - frame, Math.round(WAV_SAMPLE_RATE * (1.2 + random.next() * 3.8)))
    const channel = speaker
    const f0 = basePitch[channel] ?? 150
    let syllableEnd = 0
    let syllableLength = 1
    let step = 0
    for (let offset = 0; offset < turnFrames; offset++) {
      if (offset >= syllableEnd) {
        syllableLength = Math.round(WAV_SAMPLE_RATE * (0.12 + random.next() * 0.2))
        syllableEnd = offset + syllableLength + Math.round(WAV_SAMPLE_RATE * random.next() * 0.06)
        step = (f0 * (0.85 + random.next() * 0.35) * TABLE_SIZE) / WAV_SAMPLE_RATE
      }
      const position = 1 - (syllableEnd - offset) / syllableLength
      if (position < 0) continue
      const envelope = SINE[Math.floor(position * (TABLE_SIZE / 2)) & (TABLE_SIZE - 1)] ?? 0
      let sample = 0
      for (let harmonic = 0; harmonic < HARMONICS.length; harmonic++) {
        let phase = (phases[harmonic] ?? 0) + step * (harmonic + 1)
        if (phase >= TABLE_SIZE) phase -= TABLE_SIZE
        phases[harmonic] = phase
        sample += (SINE[phase | 0] ?? 0) * (HARMONICS[harmonic] ?? 0)
      }
      samples[(frame + offset) * WAV_CHANNELS + channel] = Math.round(sample * envelope * envelope * 4200)
    }
    frame += turnFrames + Math.round(WAV_SAMPLE_RATE * (0.2 + random.next() * 0.5))
    speaker = 1 - speaker
  }
  return buffer
}
