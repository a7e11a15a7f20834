// Reads the RIFF/WAVE header of a recording so tests check it is real PCM audio.
export interface WavInfo {
  audioFormat: number
  channels: number
  sampleRate: number
  byteRate: number
  blockAlign: number
  bitsPerSample: number
  dataSize: number
  dataOffset: number
  riffSize: number
}

export function parseWav(bytes: Uint8Array): WavInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const ascii = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))
  if (ascii(0) !== 'RIFF' || ascii(8) !== 'WAVE') throw new Error('not a RIFF/WAVE file')
  let at = 12
  let fmt: Omit<WavInfo, 'dataSize' | 'dataOffset' | 'riffSize'> | undefined
  while (at + 8 <= bytes.byteLength) {
    const id = ascii(at)
    const size = view.getUint32(at + 4, true)
    if (id === 'fmt ') {
      fmt = {
        audioFormat: view.getUint16(at + 8, true),
        channels: view.getUint16(at + 10, true),
        sampleRate: view.getUint32(at + 12, true),
        byteRate: view.getUint32(at + 16, true),
        blockAlign: view.getUint16(at + 20, true),
        bitsPerSample: view.getUint16(at + 22, true),
      }
    } else if (id === 'data') {
      if (!fmt) throw new Error('data chunk before fmt chunk')
      return { ...fmt, dataSize: size, dataOffset: at + 8, riffSize: view.getUint32(4, true) }
    }
    // Chunks are padded to an even size.
    at += 8 + size + (size % 2)
  }
  throw new Error('no data chunk')
}
