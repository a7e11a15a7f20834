import { describe, expect, it } from 'vitest'
import { RecordingLoadError, waveformFailure } from './recording-peaks'

describe('waveformFailure', () => {
  it('reads a decoding error of Web Audio as a waveform that cannot be drawn, the audio still playable', () => {
    const failure = waveformFailure(new DOMException('Unable to decode audio data', 'EncodingError'))
    expect(failure.reason).toBe('undrawable')
    expect(failure.message).toBe('this browser could not decode the recording’s audio to draw it.')
  })

  it("reads anything else as the download's failure, in words of its own rather than a URL", () => {
    const failure = waveformFailure(new Error('Failed to fetch https://x/recordings/a.wav?signature=s: 403'))
    expect(failure).toMatchObject({ reason: 'download', message: 'The recording could not be loaded.' })
    expect(waveformFailure({ code: 4 }).reason).toBe('download')
    expect(waveformFailure(new DOMException('gone', 'AbortError')).reason).toBe('download')
  })

  it("keeps the console's own words", () => {
    const refused = new RecordingLoadError('This recording is kept at https://x; …', 'refused')
    expect(waveformFailure(refused)).toBe(refused)
  })
})
