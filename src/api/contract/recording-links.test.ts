import { describe, expect, it } from 'vitest'
import { consoleRecordingUrl } from './recording-links'

const CONSOLE = 'https://console.example.com'

describe('consoleRecordingUrl', () => {
  it("keeps a link on the console's own origin as it is", () => {
    const link = `${CONSOLE}/storage/recordings/call_1.wav?expires=1&signature=a%2Fb`
    expect(consoleRecordingUrl(link, CONSOLE)).toBe(link)
    expect(consoleRecordingUrl('/storage/recordings/call_1.wav?x=1', CONSOLE)).toBe(
      `${CONSOLE}/storage/recordings/call_1.wav?x=1`,
    )
  })

  it('sends a link on another origin through the storage proxy, its signed query intact', () => {
    const link = 'https://storage.example.net/recordings/call_1.wav?X-Amz-Signature=a%2Fb%2Bc&X-Amz-Expires=3600'
    const url = new URL(consoleRecordingUrl(`${link}#t=3`, CONSOLE) ?? '')
    expect(url.origin).toBe(CONSOLE)
    expect(url.pathname).toBe('/storage-proxy')
    expect(url.searchParams.get('url')).toBe(link)
  })

  it('turns nothing but a web address into a URL', () => {
    for (const link of ['javascript:alert(1)', 'data:audio/wav;base64,AAAA', 'http://[bad']) {
      expect(consoleRecordingUrl(link, CONSOLE), link).toBeNull()
    }
  })
})
