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
    createStorageOrigins({ origins: [], learn: true, shared: store.storageOrigins }),
  ) as [ReturnType<typeof createStorageOrigins>, ReturnType<typeof createStorageOrigins>]
  const link = 'https://recordings.example.net/acme/2026/rec_77.wav?signature=abc'
  const match = matchOperation('GET', '/api/v1/voice/calls/call_77')
  if (match.kind !== 'operation') throw new Error('no call detail operation')
  expect(await two.allows('https://recordings.example.net')).toBe(false)

  await one.learnFrom(match.operation, Response.json({ call_id: 'call_77', recording_url: link }))
  expect(await two.allows('https://recordings.example.net')).toBe(true)
  expect(await two.callOf(new URL(`${link}&other=1`))).toBe('call_77')
  // Nothing learnt of another origin, nor a call for a link never relayed: refused, and named by its file.
  expect(await two.allows('https://elsewhere.example.net')).toBe(false)
  expect(await two.callOf(new URL('https://recordings.example.net/acme/rec_88.wav'))).toBe('rec_88')
  // Without `auto`, what another instance learnt is not served either.
  const listedOnly = createStorageOrigins({ origins: [], learn: false, shared: stores[1]?.storageOrigins })
  expect(await listedOnly.allows('https://recordings.example.net')).toBe(false)
})
