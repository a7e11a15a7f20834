// The API closing a kept-alive socket just as the console sends on it: a real node:http server on loopback that,
// when told to, drops the connection of the next request that comes on a socket it has already answered on, as an
// idle timeout does.
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ApiTarget, apiTarget, exchange } from './api-exchange'

let server: Server
let target: ApiTarget
let received = 0
let dropped = 0
let dropNextReused = false

beforeAll(async () => {
  const requestsOn = new WeakMap<Socket, number>()
  server = createServer((request, response) => {
    received++
    const count = (requestsOn.get(request.socket) ?? 0) + 1
    requestsOn.set(request.socket, count)
    if (dropNextReused && count > 1) {
      dropNextReused = false
      dropped++
      request.socket.destroy()
    } else response.end(`answer ${received}`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  target = apiTarget(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const send = (method: string, headers: string[] = [], body?: Buffer) =>
  exchange(target, method, '/api/v1/voice/calls', headers, body, 5_000, () => {})

/** Reads until the pool has a kept-alive socket that has answered before, then drops the next request sent on one. */
async function dropTheNextOnAKeptSocket() {
  for (let i = 0; i < 3; i++) await send('GET')
  received = 0
  dropped = 0
  dropNextReused = true
}

beforeEach(() => {
  dropNextReused = false
})

describe('a kept-alive socket the API has just closed', () => {
  it('costs a read nothing: it is sent again once, on a new socket', async () => {
    await dropTheNextOnAKeptSocket()
    expect((await send('GET')).body.toString()).toBe('answer 2')
    expect({ dropped, received }).toEqual({ dropped: 1, received: 2 })
  })

  it('is sent again with an Idempotency-Key, and never without one', async () => {
    await dropTheNextOnAKeptSocket()
    await expect(send('POST', [], Buffer.from('{}'))).rejects.toThrow()
    expect({ dropped, received }).toEqual({ dropped: 1, received: 1 })

    await dropTheNextOnAKeptSocket()
    const keyed = await send('POST', ['idempotency-key', 'k-1'], Buffer.from('{}'))
    expect(keyed.body.toString()).toBe('answer 2')
    expect({ dropped, received }).toEqual({ dropped: 1, received: 2 })
  })

  it('is sent twice at most, when the new socket fails too', async () => {
    let tries = 0
    const failing = createServer((request) => {
      tries++
      request.socket.destroy()
    })
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
    const failingTarget = apiTarget(`http://127.0.0.1:${(failing.address() as AddressInfo).port}`)
    await expect(
      exchange(failingTarget, 'GET', '/api/v1/voice/calls', [], undefined, 5_000, () => {}),
    ).rejects.toThrow()
    expect(tries).toBe(2)
    await new Promise<void>((resolve) => failing.close(() => resolve()))
  })
})
