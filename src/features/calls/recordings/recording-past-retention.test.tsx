// @vitest-environment jsdom
// A recording past the console's retention window, on the call page: the console's 410 sentence in place of the
// player's error and Retry. jsdom has no Worker: a stand-in runs the worker's own reading of the answer in the page.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it, vi } from 'vitest'
import { RECORDING_PAST_RETENTION } from '@/api/contract/recording-links'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { failedDownload } from './recording-failure'
import type { PeaksRequest } from './recording-peaks'
import { CallRecordingsPanel } from './recordings-panel'

const fetchMock = stubFetch()

const SENTENCE =
  'Recordings are kept for 30 days; this call was placed on 2026-05-21, so the console no longer serves its recording.'

/** The browser's Worker as recording-peaks.ts uses it, answering with what the worker makes of the download. */
class InPageWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null
  onerror: (() => void) | null = null
  postMessage({ url }: PeaksRequest) {
    void fetch(url).then(async (response) => this.onmessage?.({ data: await failedDownload(response) }))
  }
  terminate() {}
}

it('shows the console’s sentence, with no Retry and no Download, and asks for no fresh link', async () => {
  vi.stubGlobal('Worker', InPageWorker)
  const recording = {
    url: `${location.origin}/storage/recordings/call_abc.wav`,
    format: 'wav',
    channels: 2,
    duration_seconds: 3,
  }
  fetchMock.mockImplementation(async (input) =>
    String(input).includes('/storage/')
      ? new Response(
          JSON.stringify({
            type: RECORDING_PAST_RETENTION,
            title: 'Recording no longer kept',
            status: 410,
            detail: SENTENCE,
          }),
          { status: 410, headers: { 'Content-Type': 'application/problem+json' } },
        )
      : json(200, { call_id: 'call_abc', recordings: [recording] }),
  )
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <CallRecordingsPanel callId="call_abc" status="DIALER_COMPLETED" />
    </QueryClientProvider>,
  )
  expect(await screen.findByRole('link', { name: 'Download' })).toBeTruthy()
  await userEvent.click(screen.getByRole('button', { name: 'Play' }))

  expect(await screen.findByText(SENTENCE)).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  expect(screen.queryByRole('alert')).toBeNull()
  expect(screen.queryByRole('link', { name: 'Download' })).toBeNull()
  // One list of recordings: a fresh link cannot bring back what the console no longer serves.
  expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/recordings'))).toHaveLength(2)
  expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/call_abc/recordings'))).toHaveLength(1)
  play.mockRestore()
})
