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
  /** Why the media failed (network, decoding, format), until a new load starts. */
  error: MediaError | null
}

/** What a person can make of a media error: what broke, and whether trying again may help. */
export function mediaErrorText(error: Pick<MediaError, 'code'>): string {
  switch (error.code) {
    case 1: // MEDIA_ERR_ABORTED
      return 'Loading the recording stopped before it finished.'
    case 2: // MEDIA_ERR_NETWORK
      return 'The connection broke while the recording was loading.'
    case 3: // MEDIA_ERR_DECODE
      return 'The recording’s audio could not be decoded: the file may be damaged.'
    default: // MEDIA_ERR_SRC_NOT_SUPPORTED
      return 'The recording could not be opened: its link may have expired, or this browser cannot play its format.'
  }
}

export function useMediaState(media: RefObject<HTMLAudioElement | null>, fallbackDuration: number) {
  const [state, setState] = useState<MediaState>({
    playing: false,
    currentTime: 0,
    duration: fallbackDuration,
    canPlay: false,
    rate: 1,
    error: null,
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
        // The element keeps its error until the next load, which sets it back to null.
        error: audio.error,
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
      'error',
      'loadstart',
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
      if (!audio) return
      // Loading a source (the first Play) resets the rate to the default: a speed chosen before then must stay.
      audio.defaultPlaybackRate = rate
      audio.playbackRate = rate
    },
    [media],
  )

  return { ...state, toggle, seek, setRate }
}
