// Downloads a recording and posts back its peaks (see wav-peaks.ts); glue only.
import { failedDownload } from './recording-failure'
import type { PeaksReply, PeaksRequest } from './recording-peaks'
import { readWavPeaks, UnsupportedWavError } from './wav-peaks'

async function peaksOf({ url, buckets }: PeaksRequest): Promise<PeaksReply> {
  try {
    const response = await fetch(url)
    if (!response.ok) return await failedDownload(response)
    if (!response.body) return { kind: 'unsupported' }
    return { kind: 'peaks', peaks: await readWavPeaks(response.body, buckets) }
  } catch (error) {
    if (error instanceof UnsupportedWavError) return { kind: 'unsupported' }
    return { kind: 'failed', message: 'The recording could not be downloaded: the connection to the console failed.' }
  }
}

self.onmessage = async ({ data }: MessageEvent<PeaksRequest>) => {
  const reply = await peaksOf(data)
  // Transferred, not copied: the arrays move to the page.
  const transfer = reply.kind === 'peaks' ? reply.peaks.map((channel) => channel.buffer) : []
  self.postMessage(reply, { transfer })
}
