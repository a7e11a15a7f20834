// An export's audit entry on a real socket: "complete" only once the last byte went to the client's connection
// (the response's finish), "aborted" with the rows sent so far when the client went away before. The export is
// megabytes, more than the two sockets' buffers hold, so a client that stops reading stops it.
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../../../src/api/contract/audit-schemas'
import { eventually } from '../../../shared/test-support/eventually'
import { auditEntryOf } from '../../audit/entry-json'
import { indexListedCalls } from '../../test-support/indexed-calls'
import { signInOnSocket, startTestServer, type TestServer } from '../../test-support/running-console'

// About 100 bytes a row: some 2 MB of CSV, where the sockets' buffers hold a few hundred KB.
const CALLS = 20_000
const READ_BYTES = 10 * 1024

let server: TestServer
let headers: Record<string, string>

beforeAll(async () => {
  server = await startTestServer()
  headers = (await signInOnSocket(server, 'support@example.com', 'support')).read
  await indexListedCalls(server.store, CALLS)
}, 60_000)
afterAll(() => server.close())

const exportEntries = async (): Promise<AuditEntry[]> =>
  (
    await server.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'calls.exported')
      .orderBy('seq')
      .execute()
  ).map(auditEntryOf)

/** Opens the export and reads `bytes` of it, or all of it without a limit; then destroys the connection. */
function readExport(bytes = Number.POSITIVE_INFINITY): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      // A connection of its own: destroyed at the end, never one a keep-alive pool hands on.
      { host: '127.0.0.1', port: server.port, path: '/api/console/calls/export.csv', headers, agent: false },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
          if (body.length < bytes) return
          res.socket.destroy()
          resolve({ status: res.statusCode ?? 0, body })
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('the audit entry of an export over a real socket', () => {
  it('says aborted, with the rows sent so far, when the client goes away after 10 KB', async () => {
    const before = (await exportEntries()).length
    const { status, body } = await readExport(READ_BYTES)
    expect(status).toBe(200)
    expect(body.length).toBeLessThan(CALLS * 50)
    const entry = await eventually(async () => {
      const entries = await exportEntries()
      expect(entries).toHaveLength(before + 1)
      return entries.at(-1)
    })
    expect(entry?.detail).toMatchObject({ total: CALLS, ended: expect.stringMatching(/^aborted after [\d,]+ rows/) })
    expect(entry?.detail?.ended).not.toMatch(/complete/)
    expect(entry?.detail?.rows).toBeLessThan(CALLS)
  })

  it('says complete, with the exact row count, when the client read it all', async () => {
    const before = (await exportEntries()).length
    const { status, body } = await readExport()
    expect(status).toBe(200)
    // The header and a line per call.
    expect(body.trimEnd().split('\r\n')).toHaveLength(CALLS + 1)
    const entry = await eventually(async () => {
      const entries = await exportEntries()
      expect(entries).toHaveLength(before + 1)
      return entries.at(-1)
    })
    expect(entry?.detail).toMatchObject({ total: CALLS, rows: CALLS, ended: 'complete' })
  })
})
