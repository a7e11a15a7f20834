// Bytes no HTTP client would send, written on a connection of their own: how a server answers what its HTTP
// parser refuses before any route sees it.
import { connect } from 'node:net'

export interface RawAnswer {
  statusLine: string
  /** The status line and headers, as sent. */
  head: string
  body: string
}

/** Writes `bytes` to 127.0.0.1:`port` and reads all the server sends until it closes the connection. */
export async function rawExchange(port: number, bytes: string): Promise<RawAnswer> {
  const socket = connect(port, '127.0.0.1')
  let answer = ''
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString()
  })
  socket.write(bytes)
  // A server that is not listening fails the test with its reason, not with an unhandled 'error' event.
  await new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.once('close', resolve)
  })
  const headEnd = answer.indexOf('\r\n\r\n')
  const head = headEnd < 0 ? answer : answer.slice(0, headEnd)
  return { statusLine: head.split('\r\n')[0] ?? '', head, body: headEnd < 0 ? '' : answer.slice(headEnd + 4) }
}
