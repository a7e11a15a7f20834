// The waveform is drawn by wavesurfer.js, loaded with import() on first use so
// it stays out of the main bundle. It plays through our own <audio> element,
// so the controls and the tests talk to one media element. Its peaks come from a
// worker (recording-peaks.ts): decoding a long call on the page blocked it for seconds.
// Nothing is fetched before the first Play: opening a call page is not listening to its recording,
// and every fetch of the audio is on the audit trail (a play or a download).

import { type RefObject, useEffect, useState } from 'react'
import type WaveSurfer from 'wavesurfer.js'
import { loadRecordingPeaks, type RecordingLoadError, waveformFailure } from './recording-peaks'

export const CHANNEL_HEIGHT = 48

// Recordings put the caller on the left channel and the callee on the right.
export const CHANNEL_LABELS = ['Caller', 'Callee'] as const

const CHANNEL_COLOURS = [
  { waveColor: '#818cf8', progressColor: '#4338ca' },
  { waveColor: '#34d399', progressColor: '#047857' },
]

export type WaveformState = 'idle' | 'loading' | 'ready' | 'error'

export function useWaveform({
  container,
  media,
  url,
  channels,
  attempt,
}: {
  container: RefObject<HTMLDivElement | null>
  media: RefObject<HTMLAudioElement | null>
  /** The play's URL, once the person has pressed Play; null before: nothing loads. */
  url: string | null
  channels: number
  /** Bumped to load again after an error. */
  attempt: number
}): { state: WaveformState; error: RecordingLoadError | null } {
  // The outcome is tied to the load it belongs to: in the render that starts a new attempt, the
  // last attempt's error (and its Retry) must not flash up before this load has failed on its own.
  const load = `${url}|${channels}|${attempt}`
  const [outcome, setOutcome] = useState<{ load: string; state: WaveformState; error: RecordingLoadError | null }>({
    load: '',
    state: 'loading',
    error: null,
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt reloads the same URL after an error.
  useEffect(() => {
    const element = container.current
    const audio = media.current
    if (!element || !audio || url === null) return
    let instance: WaveSurfer | null = null
    let ready = false
    const abort = new AbortController()
    // Keep the source the first Play set (in the click, so that browsers let it play) and is playing now.
    // Any other, or one that failed, is cleared: wavesurfer would keep it.
    if (audio.getAttribute('src') && (audio.src !== url || audio.error)) {
      audio.removeAttribute('src')
      audio.load()
    }
    const fail = (cause: unknown) => {
      if (abort.signal.aborted) return
      setOutcome({ load, state: 'error', error: waveformFailure(cause) })
    }
    Promise.all([import('wavesurfer.js'), loadRecordingPeaks(url, abort.signal)])
      .then(([{ default: WaveSurferClass }, peaks]) => {
        if (abort.signal.aborted) return
        // The audio failed on this link while the peaks loaded; wavesurfer, made now, would never hear of it.
        if (audio.error && audio.src === url) {
          fail(undefined)
          return
        }
        // The url and peaks go in the options: given a media element with a source, wavesurfer loads at once
        // from its options (without peaks it would download the file to decode it, a second download).
        // No duration given: 'ready' waits for the <audio> to load the URL, so a link that fails there fails here.
        // Without peaks (not a PCM WAV) wavesurfer downloads and decodes the file itself, with the play's id too.
        // wavesurfer skips setting a source equal to the element's currentSrc, which Chromium keeps
        // after the src attribute is removed: a refreshed link equal to the failed one would never load.
        // Setting the same src again would start the audio over, so a playing source is left alone.
        if (audio.src !== url) audio.src = url
        instance = WaveSurferClass.create({
          container: element,
          media: audio,
          url,
          peaks: peaks ?? undefined,
          height: CHANNEL_HEIGHT,
          cursorColor: '#64748b',
          cursorWidth: 2,
          barWidth: 2,
          barGap: 1,
          normalize: true,
          dragToSeek: true,
          splitChannels: Array.from({ length: channels }, (_, i) => ({
            ...CHANNEL_COLOURS[i % CHANNEL_COLOURS.length],
            height: CHANNEL_HEIGHT,
          })),
        })
        instance.on('ready', () => {
          ready = true
          if (!abort.signal.aborted) setOutcome({ load, state: 'ready', error: null })
        })
        // Once ready, a failing <audio> is the player's to recover (its onError): both would refresh the URL.
        instance.on('error', (cause) => {
          if (!ready) fail(cause)
        })
      })
      .catch(fail)
    return () => {
      abort.abort()
      instance?.destroy()
    }
  }, [container, media, url, channels, attempt])

  if (url === null) return { state: 'idle', error: null }
  return outcome.load === load ? outcome : { state: 'loading', error: null }
}
