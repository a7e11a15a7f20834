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
  | { kind: 'failed'; message: string }

// More than the bars of a wide screen (a bar and its gap take 3 px), few enough to draw at once.
const PEAK_BUCKETS = 2000

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
        else reject(new Error(data.message))
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
