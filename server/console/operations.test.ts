import { describe, expect, it } from 'vitest'
import { ALL_OPERATIONS, matchOperation } from './operations'

const routeOf = (method: string, path: string) => {
  const match = matchOperation(method, path)
  return match.kind === 'operation' ? match.operation.route : match.kind
}

describe('matchOperation', () => {
  it("knows the spec's ten operations and recording downloads, here and through the storage proxy", () => {
    expect(ALL_OPERATIONS).toHaveLength(12)
    expect(routeOf('GET', '/api/v1/voice/calls')).toBe('/api/v1/voice/calls')
    expect(routeOf('POST', '/api/v1/voice/calls')).toBe('/api/v1/voice/calls')
    expect(routeOf('GET', '/api/v1/voice/calls/call_AB-1_x')).toBe('/api/v1/voice/calls/{call_id}')
    expect(routeOf('HEAD', '/api/v1/voice/calls/call_1/status')).toBe('/api/v1/voice/calls/{call_id}/status')
    expect(routeOf('GET', '/storage/recordings/call_1.wav')).toBe('/storage/recordings/{call_id}.wav')
    expect(routeOf('GET', '/api/v1/voice/usage/history')).toBe('/api/v1/voice/usage/history')
    expect(routeOf('GET', '/storage-proxy')).toBe('/storage-proxy')
    expect(matchOperation('POST', '/storage-proxy')).toEqual({ kind: 'method', allow: ['GET', 'HEAD'] })
  })

  it('owns nothing else', () => {
    for (const path of [
      '/api/v1/voice',
      '/api/v1/voice/',
      '/api/v1/voiceover/account',
      '/api/v1/voice/openapi.json',
      '/api/v1/voice/calls/a.b',
      '/api/v1/voice/calls/..',
      '/api/v1/voice/calls/%2e%2e',
      `/api/v1/voice/calls/${'x'.repeat(101)}`,
      '/storage/recordings/call_1.mp3',
      '/storage/other/call_1.wav',
      '/storage-proxy/',
      '/storage-proxy/x',
      '/etc/passwd',
    ]) {
      expect(matchOperation('GET', path), path).toEqual({ kind: 'none' })
    }
  })

  it('says which methods a known path allows', () => {
    expect(matchOperation('DELETE', '/api/v1/voice/calls')).toEqual({ kind: 'method', allow: ['POST', 'GET', 'HEAD'] })
    expect(matchOperation('POST', '/api/v1/voice/account')).toEqual({ kind: 'method', allow: ['GET', 'HEAD'] })
    expect(matchOperation('POST', '/storage/recordings/call_1.wav')).toEqual({ kind: 'method', allow: ['GET', 'HEAD'] })
  })
})
