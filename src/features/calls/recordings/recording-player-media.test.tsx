// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { describe, expect, it } from 'vitest'
import { mediaErrorText, useMediaState } from './recording-player-media'

function Harness() {
  const media = useRef<HTMLAudioElement>(null)
  const state = useMediaState(media, 12)
  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: a test element that never plays. */}
      <audio ref={media} data-testid="audio" />
      <output>{state.error ? mediaErrorText(state.error) : 'no error'}</output>
    </>
  )
}

/** jsdom loads no media: the element's error is set as a browser sets it, then its event is fired. */
function failWith(audio: HTMLMediaElement, code: number | null) {
  Object.defineProperty(audio, 'error', { configurable: true, value: code === null ? null : { code } })
  act(() => {
    audio.dispatchEvent(new Event(code === null ? 'loadstart' : 'error'))
  })
}

describe('useMediaState', () => {
  it('reports a media error, and forgets it when a new load starts', () => {
    render(<Harness />)
    const audio = screen.getByTestId('audio') as HTMLAudioElement
    expect(screen.getByRole('status').textContent).toBe('no error')

    failWith(audio, 3)
    expect(screen.getByRole('status').textContent).toBe(
      'The recording’s audio could not be decoded: the file may be damaged.',
    )
    failWith(audio, null)
    expect(screen.getByRole('status').textContent).toBe('no error')

    failWith(audio, 2)
    expect(screen.getByRole('status').textContent).toBe('The connection broke while the recording was loading.')
  })
})

describe('mediaErrorText', () => {
  it('says what broke for each kind of media error', () => {
    expect(mediaErrorText({ code: 1 })).toMatch(/stopped/)
    expect(mediaErrorText({ code: 2 })).toMatch(/connection/)
    expect(mediaErrorText({ code: 3 })).toMatch(/decoded/)
    expect(mediaErrorText({ code: 4 })).toMatch(/expired|format/)
  })
})
