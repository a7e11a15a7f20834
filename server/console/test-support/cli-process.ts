// `npm run console -- …` as an operator runs it: its own process, on the store its environment names.
import { execFile } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const run = promisify(execFile)

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

export async function runConsoleCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/console/cli.ts', ...args], {
      cwd: ROOT,
      // Only the store the caller names: the test run's own settings unset (an empty value is refused, not ignored).
      env: { ...withoutStoreSettings(process.env), ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    if (typeof failed.code !== 'number') throw error
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

function withoutStoreSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && entry[0] !== 'CONSOLE_DB' && entry[0] !== 'CONSOLE_DATABASE_URL',
    ),
  )
}
