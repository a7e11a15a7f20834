// A POST written by hand over a socket: headers and half the body now, the rest
// on demand, so a test can hold a request "in progress" on the server.
import { connect, type Socket } from 'node:net'
import { DEMO_KEYS } from '../demo-keys'

export interface SlowPost {
  /** Sends the rest of the body and resolves with the raw response head and body. */
  finish(): Promise<string>
  destroy(): void
}

export async function openSlowPost(
  baseUrl: string,
  path: string,
  body: string,
  headers: Record<string, string>,
  key = DEMO_KEYS.acme,
): Promise<SlowPost> {
  const { hostname, port } = new URL(baseUrl)
  const socket: Socket = connect(Number(port), hostname)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  let response = ''
  socket.on('data', (chunk) => {
    response += chunk.toString()
  })
  const bytes = Buffer.from(body)
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    `Authorization: Bearer ${key}`,
    'Content-Type: application/json',
    `Content-Length: ${bytes.length}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n')
  socket.write(head)
  socket.write(bytes.subarray(0, 5))
  // Give the server time to route the request and start waiting for the body.
  await new Promise((resolve) => setTimeout(resolve, 300))
  return {
    finish: () =>
      new Promise((resolve) => {
        socket.once('close', () => resolve(response))
        socket.write(bytes.subarray(5))
      }),
    destroy: () => socket.destroy(),
  }
}
