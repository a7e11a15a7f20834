import type { Page } from '@playwright/test'

/** The first recording's player on a call page, found the way a person would. */
export function recordingPlayer(page: Page) {
  const recording = page.getByRole('article', { name: 'Recording 1' })
  const waveform = recording.getByRole('img', { name: /Waveform/ })
  return {
    recording,
    play: recording.getByRole('button', { name: 'Play' }),
    waveform,
    // wavesurfer draws on canvases inside its shadow root.
    waveformCanvas: waveform.locator('canvas').first(),
  }
}
