// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse as json, stubFetch } from '@/test/stub-fetch'
import { CallRecordingsPanel } from './recordings-panel'

const fetchMock = stubFetch()

function renderPanel(status: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <CallRecordingsPanel callId="call_abc" status={status} />
    </QueryClientProvider>,
  )
}

describe('CallRecordingsPanel', () => {
  it('waits for the call to end before asking for recordings', () => {
    renderPanel('DIALER_RINGING')
    expect(screen.getByText('The recording will be available when the call ends.')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says when a finished call has no recording', async () => {
    fetchMock.mockResolvedValue(json(200, { call_id: 'call_abc', recordings: [] }))
    renderPanel('DIALER_COMPLETED')
    expect(await screen.findByText('This call was not recorded.')).toBeTruthy()
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/voice/calls/call_abc/recordings')
  })

  it('says a failed call without recordings may simply not have been answered', async () => {
    fetchMock.mockResolvedValue(json(200, { call_id: 'call_abc', recordings: [] }))
    renderPanel('DIALER_FAILED')
    expect(await screen.findByText('No recording: the call was not recorded or was not answered.')).toBeTruthy()
    expect(screen.queryByText('This call was not recorded.')).toBeNull()
  })

  it('shows the service’s message and fetches again on Retry', async () => {
    fetchMock.mockResolvedValueOnce(
      json(404, { title: 'Not Found', status: 404, detail: 'No call with id call_abc was found.' }),
    )
    fetchMock.mockResolvedValueOnce(json(200, { call_id: 'call_abc', recordings: [] }))
    renderPanel('DIALER_FAILED')
    expect(await screen.findByText(/No call with id call_abc was found/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No recording: the call was not recorded or was not answered.')).toBeTruthy()
  })

  it('fetches no audio until Play, then marks the audio it asks for as this page’s play', async () => {
    const recording = {
      url: `${location.origin}/storage/recordings/call_abc.wav?expires=1&signature=s`,
      format: 'wav',
      channels: 2,
      duration_seconds: 3,
    }
    fetchMock.mockResolvedValue(json(200, { call_id: 'call_abc', recordings: [recording] }))
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    renderPanel('DIALER_COMPLETED')
    const button = await screen.findByRole('button', { name: 'Play' })
    const audio = document.querySelector('audio') as HTMLAudioElement
    expect(audio.getAttribute('src')).toBeNull()
    expect(audio.preload).toBe('none')
    expect(screen.getByText('The waveform appears when the recording plays.')).toBeTruthy()
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/v1/voice/calls/call_abc/recordings'])
    // The Download link is a download: no play id, so the console records it as one.
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(recording.url)

    await userEvent.click(button)
    expect(play).toHaveBeenCalledTimes(1)
    expect(audio.getAttribute('src')).toMatch(
      new RegExp(
        `^${location.origin}/storage/recordings/call_abc\\.wav\\?expires=1&signature=s&console_play=[0-9a-f]{32}$`,
      ),
    )
    play.mockRestore()
  })

  it('fetches a recording kept on another origin through the console, never from that origin', async () => {
    const link = 'https://storage.example.net/recordings/call_abc.wav?signature=a%2Fb'
    const proxied = `${location.origin}/storage-proxy?url=${encodeURIComponent(link)}`
    fetchMock.mockResolvedValue(
      json(200, { call_id: 'call_abc', recordings: [{ url: link, format: 'wav', channels: 1, duration_seconds: 3 }] }),
    )
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    renderPanel('DIALER_COMPLETED')
    await userEvent.click(await screen.findByRole('button', { name: 'Play' }))
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(proxied)
    const audio = document.querySelector('audio') as HTMLAudioElement
    expect(audio.getAttribute('src')).toMatch(
      new RegExp(`^${proxied.replace(/[?.]/g, '\\$&')}&console_play=[0-9a-f]{32}$`),
    )
    expect(document.querySelector('[href^="https://storage"], [src^="https://storage"]')).toBeNull()
    play.mockRestore()
  })

  it('offers no link and no player for a recording whose URL is not a web address', async () => {
    const recording = { url: 'javascript:alert(1)', format: 'wav', channels: 2, duration_seconds: 3 }
    fetchMock.mockResolvedValue(json(200, { call_id: 'call_abc', recordings: [recording] }))
    renderPanel('DIALER_COMPLETED')
    expect(await screen.findByText(/Recording 1 cannot be played/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull()
    expect(document.querySelector('[href^="javascript"]')).toBeNull()
  })
})
