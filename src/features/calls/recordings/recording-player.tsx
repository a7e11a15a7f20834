import { useEffect, useEffectEvent, useId, useRef, useState } from 'react'
import type { Recording } from '@/api/contract/schemas'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { formatDuration } from '@/lib/format'
import { randomId } from '@/lib/random-id'
import { playableUrl, withPlayId } from './play-session'
import { mediaErrorText, useMediaState } from './recording-player-media'
import { CHANNEL_HEIGHT, CHANNEL_LABELS, useWaveform } from './recording-player-waveform'

const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const

export interface RecordingPlayerProps {
  recording: Recording
  index: number
  /** Fetches the recordings again and returns this recording's fresh URL: signed URLs expire. */
  onRefreshUrl: () => Promise<string | null>
}

export function RecordingPlayer({ recording, index, onRefreshUrl }: RecordingPlayerProps) {
  const titleId = useId()
  const container = useRef<HTMLDivElement>(null)
  const media = useRef<HTMLAudioElement>(null)
  // The player keeps the URL it loaded; a refreshed URL is only used to recover from an error.
  // Always the console's: a link on another origin goes through its storage proxy.
  const [source, setSource] = useState(() => playableUrl(recording.url) ?? recording.url)
  const [attempt, setAttempt] = useState(0)
  const [refreshing, setRefreshing] = useState(false)
  // One play per page: a pause and resume, a seek or a reload of the link stay the same play on the audit trail.
  const [playId] = useState(randomId)
  // Nothing is fetched until the person plays: opening a call page is not listening to its recording.
  const [started, setStarted] = useState(false)
  const playUrl = withPlayId(source, playId)
  const waveform = useWaveform({
    container,
    media,
    url: started ? playUrl : null,
    // Without a channel count from the service, one lane: the audio plays the same either way.
    channels: recording.channels ?? 1,
    attempt,
  })
  const player = useMediaState(media, recording.duration_seconds ?? 0)
  const resumeWhenReady = useRef(false)

  function playOrPause() {
    const audio = media.current
    if (!audio) return
    // The first Play loads the audio here, in the click, so that every browser lets it play.
    if (!started) {
      audio.src = playUrl
      setStarted(true)
    }
    player.toggle()
  }

  async function reload() {
    // The person asked to listen: once the fresh link is loaded, the recording plays on.
    resumeWhenReady.current = true
    setRefreshing(true)
    try {
      setSource((await onRefreshUrl()) ?? playableUrl(recording.url) ?? recording.url)
    } finally {
      setRefreshing(false)
      setAttempt((n) => n + 1)
    }
  }

  const loadError = waveform.state === 'error' ? waveform.error : null
  // The audio arrived but its waveform cannot be drawn: a fresh link would not help, and the audio plays on.
  const undrawable = loadError?.reason === 'undrawable'
  // Past the console's retention window (a 410): no fresh link brings it back, so there is nothing to try again.
  const gone = loadError?.reason === 'gone'
  // One silent try with a fresh URL before showing the error: the usual cause is an expired link (and a console
  // restarted since it relayed the link learns the link's origin again from the fresh answer).
  const recoverOnce = useEffectEvent(() => {
    if (attempt === 0 && !undrawable && !gone) void reload()
  })
  useEffect(() => {
    if (waveform.state === 'error') recoverOnce()
    if (waveform.state === 'ready' && resumeWhenReady.current) {
      resumeWhenReady.current = false
      media.current?.play().catch(() => {})
    }
  }, [waveform.state])

  const failed = loadError !== null && !undrawable && (attempt > 0 || gone) && !refreshing
  // The console does not serve the recording's origin: the audio cannot play either, and the words say who can help.
  const refused = failed && loadError.reason === 'refused'
  // Without a waveform the audio can still play.
  useEffect(() => {
    const audio = media.current
    if (((failed && !refused && !gone) || undrawable) && audio && !audio.getAttribute('src')) audio.src = playUrl
  }, [failed, refused, gone, undrawable, playUrl])

  // The audio failed after the waveform loaded (a dropped connection, a damaged file, an expired link): say so,
  // where the position stays, instead of reloading on our own, which sent the player back to 0:00 without a word.
  const mediaError = (waveform.state === 'ready' || undrawable) && !refreshing && !failed ? player.error : null

  const labels = recording.channels === 2 ? CHANNEL_LABELS : ['Both sides']
  const loading = waveform.state === 'loading' || refreshing
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold">
          Recording {index + 1}
        </h3>
        <dl className="flex gap-4 text-sm text-slate-600 dark:text-slate-400">
          <Fact term="Format" value={recording.format ? recording.format.toUpperCase() : 'Not given'} />
          <Fact term="Channels" value={recording.channels ? String(recording.channels) : 'Not given'} />
          <Fact term="Duration" value={formatDuration(recording.duration_seconds)} />
        </dl>
        {!gone && (
          <a
            href={playableUrl(recording.url) ?? undefined}
            download
            className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300"
          >
            Download
          </a>
        )}
      </div>
      {gone && (
        <p role="status" className="rounded-md bg-slate-100 p-3 text-sm dark:bg-slate-900">
          {loadError.message}
        </p>
      )}
      {failed && !gone && (
        <ErrorState
          title={refused ? 'This recording cannot be played here' : 'The waveform could not be loaded'}
          error={loadError}
          onRetry={() => void reload()}
        />
      )}
      {undrawable && !mediaError && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          No waveform: {loadError.message} The recording still plays.
        </p>
      )}
      {mediaError && (
        <ErrorState
          title="The recording could not be played"
          error={new Error(mediaErrorText(mediaError))}
          onRetry={() => void reload()}
        />
      )}
      {/* Always mounted: wavesurfer draws into this element, also after a retry. */}
      <div className={cn('grid grid-cols-[4rem_1fr] gap-2', (failed || undrawable) && 'hidden')}>
        <div aria-hidden="true" className="flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
          {labels.map((label) => (
            <span key={label} style={{ height: CHANNEL_HEIGHT }} className="flex items-center">
              {label}
            </span>
          ))}
        </div>
        <div className="relative" style={{ minHeight: CHANNEL_HEIGHT * labels.length }}>
          {loading && <Skeleton className="absolute inset-0" />}
          {waveform.state === 'idle' && (
            // The same height as the waveform, so nothing moves when it is drawn.
            <p className="absolute inset-0 flex items-center justify-center border-y border-dashed border-slate-300 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
              The waveform appears when the recording plays.
            </p>
          )}
          <div
            ref={container}
            role="img"
            aria-label={`Waveform: ${labels.join(' on top, ')} below. Click to seek.`}
            className={cn('cursor-pointer', loading && 'invisible')}
          />
        </div>
      </div>
      {/* Once played, a fresh link after an error loads by itself: 'ready' waits for the audio's metadata. */}
      {/* biome-ignore lint/a11y/useMediaCaption: call recordings have no captions to offer. */}
      <audio ref={media} preload={started ? 'metadata' : 'none'} className="hidden" />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          className="w-20"
          disabled={started && !player.canPlay && !player.playing}
          onClick={playOrPause}
        >
          {player.playing ? 'Pause' : 'Play'}
        </Button>
        <input
          type="range"
          aria-label="Seek"
          min={0}
          max={Math.max(1, Math.round(player.duration))}
          step={1}
          value={Math.round(player.currentTime)}
          aria-valuetext={`${formatDuration(player.currentTime)} of ${formatDuration(player.duration)}`}
          disabled={!player.canPlay}
          onChange={(event) => player.seek(Number(event.target.value))}
          className="min-w-32 flex-1 accent-indigo-600"
        />
        <span className="font-mono text-sm tabular-nums">
          {formatDuration(player.currentTime)} / {formatDuration(player.duration)}
        </span>
        <Label weight="normal" className="flex items-center gap-2">
          Playback speed
          <Select value={player.rate} onChange={(event) => player.setRate(Number(event.target.value))} compact>
            {PLAYBACK_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {rate}×
              </option>
            ))}
          </Select>
        </Label>
      </div>
    </article>
  )
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt>{term}</dt>
      <dd className="font-medium text-slate-900 dark:text-slate-100">{value}</dd>
    </div>
  )
}
