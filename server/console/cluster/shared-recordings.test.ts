// Two console instances on one store: a recording link relayed by one plays through the other. The origin the
// voice service named, and the link's call, are learnt in the store; an origin nobody named stays refused.
import { afterAll, expect, it } from 'vitest'
import { matchOperation } from '../operations'
import { createStorageOrigins } from '../proxy/storage-origins'
import { type ConsoleStore, openStore } from '../store'
import { testStoreLocation } from '../test-support/test-store'

const stores: ConsoleStore[] = []
afterAll(async () => {
  for (const store of stores) await store.close()
})

it('serves on one instance the recording origin and call the other learnt from an answer it relayed', async () => {
  const location = await testStoreLocation({ file: true })
  for (let i = 0; i < 2; i++) stores.push(await openStore(location, undefined, { connections: 4 }))
  const [one, two] = stores.map((store) =>
    // The storage host's name resolves to a public address, as a real one would, without the network.
    createStorageOrigins({
      origins: [],
      learn: true,
      shared: store.storageOrigins,
      resolve: async () => ['93.184.215.14'],
    }),
  ) as [ReturnType<typeof createStorageOrigins>, ReturnType<typeof createStorageOrigins>]
  const link = 'https://recordings.example.net/acme/2026/rec_77.wav?signature=abc'
  const match = matchOperation('GET', '/api/v1/voice/calls/call_77')
  if (match.kind !== 'operation') throw new Error('no call detail operation')
  expect(await two.allows(new URL(link))).toBe(false)

  await one.learnFrom(match.operation, Response.json({ call_id: 'call_77', recording_url: link }))
  expect(await two.allows(new URL(link))).toBe(true)
  expect(await two.callOf(new URL(`${link}&other=1`))).toBe('call_77')
  // Nothing learnt of another origin, nor a call for a link never relayed: refused, and named by its file.
  expect(await two.allows(new URL('https://elsewhere.example.net/x.wav'))).toBe(false)
  expect(await two.callOf(new URL('https://recordings.example.net/acme/rec_88.wav'))).toBe('rec_88')
  // Without `auto`, what another instance learnt is not served either.
  const listedOnly = createStorageOrigins({ origins: [], learn: false, shared: stores[1]?.storageOrigins })
  expect(await listedOnly.allows(new URL(link))).toBe(false)
})

it("serves the voice API's own origin only at the recording links its answers named, on every instance", async () => {
  const location = await testStoreLocation({ file: true })
  const pair: ConsoleStore[] = []
  for (let i = 0; i < 2; i++) pair.push(await openStore(location, undefined, { connections: 4 }))
  stores.push(...pair)
  const api = 'https://api.voice.example.com/v1'
  const [one, two] = pair.map((store) =>
    createStorageOrigins({ origins: [], api, learn: true, shared: store.storageOrigins }),
  ) as [ReturnType<typeof createStorageOrigins>, ReturnType<typeof createStorageOrigins>]
  const link = 'https://api.voice.example.com/storage/recordings/call_9.wav?signature=abc'
  const match = matchOperation('GET', '/api/v1/voice/calls/call_9/recordings')
  if (match.kind !== 'operation') throw new Error('no recordings operation')
  expect(await two.allows(new URL(link))).toBe(false)
  await one.learnFrom(match.operation, Response.json({ call_id: 'call_9', recordings: [{ url: link }] }))
  expect(await two.allows(new URL(link))).toBe(true)
  expect(await one.allows(new URL(link))).toBe(true)
  // The rest of the API's origin is not a recording: not its operations, nor another file the service never named.
  for (const other of [
    'https://api.voice.example.com/v1/calls',
    'https://api.voice.example.com/storage/recordings/call_8.wav',
  ])
    expect(await two.allows(new URL(other)), other).toBe(false)
  // Named by an admin as a storage origin too, it is served whole.
  const listed = createStorageOrigins({ origins: ['https://api.voice.example.com'], api, learn: true })
  expect(await listed.allows(new URL('https://api.voice.example.com/elsewhere.wav'))).toBe(true)
})
