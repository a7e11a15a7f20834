// Whether the voice service answers and accepts the configured key, in words for an admin.
// The key itself is never part of the answer.
import type { UpstreamStatus } from '../../../src/api/contract/console-schemas'
import { account } from '../../../src/api/contract/schemas'
import { createUpstreamGet, keyRefused } from './upstream-get'

export async function checkUpstream(
  upstream: string,
  apiKey: string | null,
  timeoutMs = 5_000,
): Promise<UpstreamStatus> {
  if (!apiKey) {
    return {
      state: 'no-key',
      clientId: null,
      message: 'No API key is configured. Set VOICE_API_KEY (or VOICE_API_KEY_FILE) on the server and restart it.',
    }
  }
  const answer = await createUpstreamGet({ upstream, apiKey, timeoutMs }).get('/account', account)
  if (answer.kind === 'ok') {
    return {
      state: 'connected',
      clientId: answer.body.client_id,
      message: `Connected to the voice service as ${answer.body.client_id}.`,
    }
  }
  if (answer.kind === 'failed' && (answer.reason === 'timeout' || answer.reason === 'unreachable')) {
    return { state: 'unreachable', clientId: null, message: `The voice service at ${upstream} could not be reached.` }
  }
  if (answer.kind === 'failed' && keyRefused(answer.reason)) {
    return { state: 'key-refused', clientId: null, message: 'The voice service refused the configured API key.' }
  }
  const said = answer.kind === 'failed' ? answer.reason : answer.kind === 'not-found' ? 'answered 404' : 'answered 429'
  return { state: 'error', clientId: null, message: `The voice service ${said}.` }
}
