// The waveform is drawn by wavesurfer.js, loaded with import() on first use so
// it stays out of the main bundle. It plays through our own <audio> element,
// so the controls and the tests talk to one media element.

import { type RefObject, useEffect, useState } from 'react'
import type WaveSurfer from 'wavesurfer.js'

export const CHANNEL_HEIGHT = 48

// Recordings put the caller on the left channel and the callee on the right.
export const CHANNEL_LABELS = ['Caller', 'Callee'] as const

const CHANNEL_COLOURS = [
  { waveColor: '#818cf8', progressColor: '#4338ca' },
  { waveColor: '#34d399', progressColor: '#047857' },
]

export type WaveformState = 'loading' | 'ready' | 'error'

export function useWaveform({
  container,
  media,
  url,
  channels,
  attempt,
}: {
  container: RefObject<HTMLDivElement | null>
  media: RefObject<HTMLAudioElement | null>
  url: string
  channels: number
  /** Bumped to load again after an error. */
  attempt: number
}): { state: WaveformState; error: Error | null } {
  const [state, setState] = useState<WaveformState>('loading')
  const [error, setError] = useState<Error | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt reloads the same URL after an error.
  useEffect(() => {
    const element = container.current
    const audio = media.current
    if (!element || !audio) return
    let instance: WaveSurfer | null = null
    let cancelled = false
    setState('loading')
    setError(null)
    // Start from an empty element: a failed or fallback source would make wavesurfer keep it.
    if (audio.getAttribute('src')) {
      audio.removeAttribute('src')
      audio.load()
    }
    const fail = (cause: unknown) => {
      if (cancelled) return
      setError(cause instanceof Error ? cause : new Error('The recording could not be loaded.'))
      setState('error')
    }
    import('wavesurfer.js')
      .then(({ default: WaveSurferClass }) => {
        if (cancelled) return
        instance = WaveSurferClass.create({
          container: element,
          media: audio,
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
          if (!cancelled) setState('ready')
        })
        instance.on('error', fail)
        instance.load(url).catch(fail)
      })
      .catch(fail)
    return () => {
      cancelled = true
      instance?.destroy()
    }
  }, [container, media, url, channels, attempt])

  return { state, error }
}
