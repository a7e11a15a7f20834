import { describe, expect, it } from 'vitest'
import { RECORDING_PAST_RETENTION } from '@/api/contract/recording-links'
import { failedDownload } from './recording-failure'

const problem = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify({ status, ...body }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  })

const SENTENCE =
  'Recordings are kept for 30 days; this call was placed on 2026-05-21, so the console no longer serves its recording.'

describe('a failed recording download', () => {
  it('is gone, with the console’s sentence, when the recording is past its retention window', async () => {
    expect(
      await failedDownload(
        problem(410, { type: RECORDING_PAST_RETENTION, title: 'Recording no longer kept', detail: SENTENCE }),
      ),
    ).toEqual({ kind: 'failed', message: SENTENCE, reason: 'gone' })
  })

  it('is refused when the console names the setting of the origins it serves', async () => {
    expect(
      await failedDownload(problem(403, { detail: 'Not served here.', setting: 'CONSOLE_STORAGE_ORIGINS' })),
    ).toEqual({
      kind: 'failed',
      message: 'Not served here.',
      reason: 'refused',
    })
  })

  it('is a download to try again otherwise: a storage 410 of its own, a console 503, a bare status', async () => {
    expect(await failedDownload(problem(410, { detail: 'Expired link.' }))).toEqual({
      kind: 'failed',
      message: 'Expired link.',
    })
    expect(await failedDownload(problem(503, { detail: 'Try again in a minute.' }))).toEqual({
      kind: 'failed',
      message: 'Try again in a minute.',
    })
    expect(
      await failedDownload(new Response('<Error/>', { status: 404, headers: { 'Content-Type': 'application/xml' } })),
    ).toEqual({
      kind: 'failed',
      message: 'The recording could not be downloaded: the storage does not have it.',
    })
  })
})
