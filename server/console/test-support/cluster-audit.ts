// The audit trail of a cluster's database as an admin checks it: `npm run console -- audit verify`
// run as its own process against the PostgreSQL URL, and the entries counted straight from the table.
import { spawn } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export function auditVerifyCli(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/console/cli.ts', 'audit', 'verify'], {
      cwd: ROOT,
      env: { ...process.env, CONSOLE_DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('error', fail)
    // 'close', not 'exit': the output's last lines may still be in the pipe when the process has exited.
    child.once('close', (code) => done({ code, output }))
  })
}

/** The number in the CLI's "holds: N entries" line. */
export const verifiedEntries = (output: string): number =>
  Number(/holds: (\d+) entries/.exec(output)?.[1] ?? Number.NaN)

export interface AuditRowSummary {
  seq: number
  action: string
  target: string | null
  actorEmail: string | null
  outcome: number
  ip: string | null
}

export async function auditRows(databaseUrl: string): Promise<AuditRowSummary[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const result = await client.query<AuditRowSummary>(
      'select seq, action, target, actor_email as "actorEmail", outcome, ip from audit_log order by seq',
    )
    return result.rows.map((row) => ({ ...row, seq: Number(row.seq) }))
  } finally {
    await client.end()
  }
}
