// Runs recording-peaks.worker.ts: the waveform of a long recording is computed off the main
// thread, so the page stays responsive while a ten-minute WAV downloads.

export interface PeaksRequest {
  url: string
  buckets: number
}

export type PeaksReply =
  | { kind: 'peaks'; peaks: Float32Array[] }
  /** Not a WAV the worker reads: wavesurfer should decode it as before. */
  | { kind: 'unsupported' }
  /**
   * The download failed; `refused` when the console said it does not serve the recording's origin, `gone` when the
   * recording is older than the console serves (its retention window).
   */
  | { kind: 'failed'; message: string; reason?: 'refused' | 'gone' }

// More than the bars of a wide screen (a bar and its gap take 3 px), few enough to draw at once.
const PEAK_BUCKETS = 2000

/**
 * Why a recording could not be loaded, for the player to say: the download failed (a fresh link may help), the
 * console does not serve the recording's origin (an admin must add it), the recording is past the console's
 * retention window (nothing brings it back), or the audio arrived but its waveform cannot be drawn (it still plays).
 */
export class RecordingLoadError extends Error {
  constructor(
    message: string,
    readonly reason: 'download' | 'refused' | 'gone' | 'undrawable',
  ) {
    super(message)
  }
}

/**
 * What a failure of wavesurfer's own load means. It decodes with Web Audio, whose decodeAudioData rejects with a
 * DOMException (EncodingError): the file downloaded but cannot be drawn. Anything else (an HTTP status, a media
 * element error) is the download's.
 */
export function waveformFailure(cause: unknown): RecordingLoadError {
  if (cause instanceof RecordingLoadError) return cause
  if (cause instanceof DOMException && cause.name !== 'AbortError') {
    return new RecordingLoadError('this browser could not decode the recording’s audio to draw it.', 'undrawable')
  }
  return new RecordingLoadError('The recording could not be loaded.', 'download')
}

/**
 * The peaks of each channel, or null when the worker cannot make them (no Worker, not a PCM
 * WAV) and wavesurfer must decode the file itself. Rejects when the download fails, so the
 * player can fetch a fresh URL (signed URLs expire).
 */
export function loadRecordingPeaks(url: string, signal: AbortSignal): Promise<Float32Array[] | null> {
  const worker = startWorker()
  if (!worker) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    const settle = (settleWith: () => void) => {
      worker.terminate()
      signal.removeEventListener('abort', onAbort)
      settleWith()
    }
    const onAbort = () => settle(() => reject(signal.reason))
    signal.addEventListener('abort', onAbort, { once: true })
    worker.onmessage = ({ data }: MessageEvent<PeaksReply>) =>
      settle(() => {
        if (data.kind === 'peaks') resolve(data.peaks)
        else if (data.kind === 'unsupported') resolve(null)
        else reject(new RecordingLoadError(data.message, data.reason ?? 'download'))
      })
    // The worker script itself did not load (blocked or missing).
    worker.onerror = () => settle(() => resolve(null))
    worker.postMessage({ url, buckets: PEAK_BUCKETS } satisfies PeaksRequest)
  })
}

// Without a Worker (tests in jsdom) or when a policy refuses it, the old way still works.
function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null
  try {
    return new Worker(new URL('./recording-peaks.worker.ts', import.meta.url), { type: 'module' })
  } catch {
    return null
  }
}
