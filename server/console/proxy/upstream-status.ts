// Whether the voice service answers and accepts the configured key, in words for an admin.
// The key itself is never part of the answer.
import type { UpstreamStatus } from '../../../src/api/contract/console-schemas'
import { API_PREFIX, account } from '../../../src/api/contract/schemas'

export async function checkUpstream(upstream: string, apiKey: string | null): Promise<UpstreamStatus> {
  if (!apiKey) {
    return {
      state: 'no-key',
      clientId: null,
      message: 'No API key is configured. Set VOICE_API_KEY (or VOICE_API_KEY_FILE) on the server and restart it.',
    }
  }
  let response: Response
  try {
    response = await fetch(`${upstream}${API_PREFIX}/account`, {
      headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    })
  } catch {
    return { state: 'unreachable', clientId: null, message: `The voice service at ${upstream} could not be reached.` }
  }
  if (response.status === 401 || response.status === 403) {
    return { state: 'key-refused', clientId: null, message: 'The voice service refused the configured API key.' }
  }
  const parsed = account.safeParse(await response.json().catch(() => null))
  if (!response.ok || !parsed.success) {
    return { state: 'error', clientId: null, message: `The voice service answered ${response.status}.` }
  }
  return {
    state: 'connected',
    clientId: parsed.data.client_id,
    message: `Connected to the voice service as ${parsed.data.client_id}.`,
  }
}
