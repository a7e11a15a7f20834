// The API closing a kept-alive socket just as the console sends on it: a real node:http server on loopback that
// answers the first request of each connection and drops the connection at the second, as an idle timeout does.
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiTarget, apiTarget, exchange } from './api-exchange'

let server: Server
let target: ApiTarget
let received = 0

beforeAll(async () => {
  const requestsOn = new WeakMap<Socket, number>()
  server = createServer((request, response) => {
    received++
    const count = (requestsOn.get(request.socket) ?? 0) + 1
    requestsOn.set(request.socket, count)
    if (count > 1) request.socket.destroy()
    else response.end(`answer ${received}`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  target = apiTarget(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const send = (method: string, headers: string[] = [], body?: Buffer) =>
  exchange(target, method, '/api/v1/voice/calls', headers, body, 5_000, () => {})

describe('a kept-alive socket the API has just closed', () => {
  it('costs a read nothing: it is sent again once, on a new socket', async () => {
    received = 0
    expect((await send('GET')).body.toString()).toBe('answer 1')
    // Sent on the first answer's socket, dropped there, then answered on a new one.
    expect((await send('GET')).body.toString()).toBe('answer 3')
    expect(received).toBe(3)
  })

  it('is sent again with an Idempotency-Key, and never without one', async () => {
    await send('GET')
    received = 0
    await expect(send('POST', [], Buffer.from('{}'))).rejects.toMatchObject({ code: 'ECONNRESET' })
    expect(received).toBe(1)

    await send('GET')
    received = 0
    const keyed = await send('POST', ['idempotency-key', 'k-1'], Buffer.from('{}'))
    expect(keyed.body.toString()).toBe('answer 2')
    expect(received).toBe(2)
  })
})
