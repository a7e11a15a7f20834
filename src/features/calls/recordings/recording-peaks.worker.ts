// Downloads a recording and posts back its peaks (see wav-peaks.ts); glue only.
import type { PeaksReply, PeaksRequest } from './recording-peaks'
import { readWavPeaks, UnsupportedWavError } from './wav-peaks'

async function peaksOf({ url, buckets }: PeaksRequest): Promise<PeaksReply> {
  try {
    const response = await fetch(url)
    if (!response.ok) return await failure(response)
    if (!response.body) return { kind: 'unsupported' }
    return { kind: 'peaks', peaks: await readWavPeaks(response.body, buckets) }
  } catch (error) {
    if (error instanceof UnsupportedWavError) return { kind: 'unsupported' }
    return { kind: 'failed', message: 'The recording could not be downloaded: the connection to the console failed.' }
  }
}

/** The console's own refusal says what is wrong in words (problem+json); storage's own answers give a status only. */
async function failure(response: Response): Promise<PeaksReply> {
  const fallback = `The recording could not be downloaded (HTTP ${response.status}).`
  if (!response.headers.get('content-type')?.includes('application/problem+json')) {
    return { kind: 'failed', message: fallback }
  }
  try {
    const problem = (await response.json()) as { detail?: unknown; setting?: unknown }
    const message = typeof problem.detail === 'string' ? problem.detail : fallback
    // The storage proxy names the setting an admin must change when it does not serve the recording's origin.
    return { kind: 'failed', message, refused: response.status === 403 && typeof problem.setting === 'string' }
  } catch {
    return { kind: 'failed', message: fallback }
  }
}

self.onmessage = async ({ data }: MessageEvent<PeaksRequest>) => {
  const reply = await peaksOf(data)
  // Transferred, not copied: the arrays move to the page.
  const transfer = reply.kind === 'peaks' ? reply.peaks.map((channel) => channel.buffer) : []
  self.postMessage(reply, { transfer })
}
