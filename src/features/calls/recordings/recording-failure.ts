// What a failed recording download tells the player (run in recording-peaks.worker.ts): the console's own refusals
// say what is wrong in words (problem+json); storage's own answers give a status only.
import { RECORDING_PAST_RETENTION } from '@/api/contract/recording-links'
import type { PeaksReply } from './recording-peaks'

export async function failedDownload(response: Response): Promise<PeaksReply> {
  const fallback =
    response.status === 404
      ? 'The recording could not be downloaded: the storage does not have it.'
      : response.status >= 500
        ? 'The recording could not be downloaded: the storage did not answer properly. Try again in a moment.'
        : 'The recording could not be downloaded: the storage refused it.'
  if (!response.headers.get('content-type')?.includes('application/problem+json')) {
    return { kind: 'failed', message: fallback }
  }
  try {
    const problem = (await response.json()) as { detail?: unknown; setting?: unknown; type?: unknown }
    const message = typeof problem.detail === 'string' ? problem.detail : fallback
    // Past the console's retention window: no fresh link or retry brings it back.
    if (response.status === 410 && problem.type === RECORDING_PAST_RETENTION)
      return { kind: 'failed', message, reason: 'gone' }
    // The storage proxy names the setting an admin must change when it does not serve the recording's origin.
    if (response.status === 403 && typeof problem.setting === 'string')
      return { kind: 'failed', message, reason: 'refused' }
    return { kind: 'failed', message }
  } catch {
    return { kind: 'failed', message: fallback }
  }
}
