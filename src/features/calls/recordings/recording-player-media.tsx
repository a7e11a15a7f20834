// The state of an <audio> element, read from its events, so the controls
// show what the element is really doing.
import { type RefObject, useCallback, useEffect, useState } from 'react'

export interface MediaState {
  playing: boolean
  currentTime: number
  /** From the media once known, else the API's duration. */
  duration: number
  canPlay: boolean
  rate: number
}

export function useMediaState(media: RefObject<HTMLAudioElement | null>, fallbackDuration: number) {
  const [state, setState] = useState<MediaState>({
    playing: false,
    currentTime: 0,
    duration: fallbackDuration,
    canPlay: false,
    rate: 1,
  })

  useEffect(() => {
    const audio = media.current
    if (!audio) return
    const sync = () =>
      setState({
        playing: !audio.paused && !audio.ended,
        currentTime: audio.currentTime,
        duration: Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : fallbackDuration,
        canPlay: audio.readyState >= HTMLMediaElement.HAVE_METADATA,
        rate: audio.playbackRate,
      })
    const events = [
      'play',
      'pause',
      'ended',
      'timeupdate',
      'seeked',
      'loadedmetadata',
      'durationchange',
      'ratechange',
      'emptied',
    ]
    for (const name of events) audio.addEventListener(name, sync)
    sync()
    return () => {
      for (const name of events) audio.removeEventListener(name, sync)
    }
  }, [media, fallbackDuration])

  const toggle = useCallback(() => {
    const audio = media.current
    if (!audio) return
    // play() rejects when the source is gone; the element's error event reports that.
    if (audio.paused) audio.play().catch(() => {})
    else audio.pause()
  }, [media])

  const seek = useCallback(
    (seconds: number) => {
      const audio = media.current
      if (audio) audio.currentTime = seconds
    },
    [media],
  )

  const setRate = useCallback(
    (rate: number) => {
      const audio = media.current
      if (audio) audio.playbackRate = rate
    },
    [media],
  )

  return { ...state, toggle, seek, setRate }
}
