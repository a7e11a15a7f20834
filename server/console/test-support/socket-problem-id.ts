// What every problem written straight to a socket must carry: an X-Request-Id header, the same id as the problem's
// `instance`, and a line of the console's log naming it.
import { expect } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'

/** The raw answer's request id, once checked against its body and the log; the log line, for more checks. */
export async function checkSocketProblemId(
  head: string,
  body: string,
  lines: string[],
): Promise<{ requestId: string; logged: Record<string, unknown> }> {
  const requestId = /\r\nx-request-id: ([^\r\n]+)/i.exec(head)?.[1]
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
  expect(JSON.parse(body)).toMatchObject({ instance: `urn:request:${requestId}` })
  const logged = await eventually(() => {
    const line = lines.map((text) => JSON.parse(text) as Record<string, unknown>).find((e) => e.requestId === requestId)
    expect(line).toBeDefined()
    return line as Record<string, unknown>
  })
  return { requestId: requestId as string, logged }
}
