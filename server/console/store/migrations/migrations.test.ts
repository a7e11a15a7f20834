// The migration files and their list agree: a file per migration, numbered 0001 onward with no gap and no number
// twice, each named in the list in the files' order, and every one that the list names exists as its file.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS } from './index'

const MIGRATION_FILE = /^(\d{4})_[a-z0-9]+(?:_[a-z0-9]+)*\.ts$/

/** The migration files of `folder`, as their names, in the order of their names. */
function migrationFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((file) => /^\d/.test(file) && !file.endsWith('.test.ts'))
    .sort()
}

/** What is wrong with a folder of migration files and the list that names them; empty when they agree. */
function migrationListProblems(files: readonly string[], listed: readonly string[]): string[] {
  const problems: string[] = []
  for (const file of files) if (!MIGRATION_FILE.test(file)) problems.push(`${file} is not named NNNN_what_it_adds.ts`)
  files.forEach((file, index) => {
    const number = Number(MIGRATION_FILE.exec(file)?.[1])
    if (number !== index + 1) problems.push(`${file} should be number ${String(index + 1).padStart(4, '0')}`)
  })
  const names = files.map((file) => file.replace(/\.ts$/, ''))
  if (JSON.stringify(names) !== JSON.stringify(listed))
    problems.push(`the list names ${listed.join(', ')}; the files are ${names.join(', ')}`)
  return problems
}

describe('the migrations', () => {
  it('are one file each, numbered without a gap, listed in the files’ order', () => {
    const folder = fileURLToPath(new URL('.', import.meta.url))
    const files = migrationFiles(folder)
    expect(files.length).toBeGreaterThanOrEqual(35)
    expect(
      migrationListProblems(
        files,
        MIGRATIONS.map(([name]) => name),
      ),
    ).toEqual([])
  })

  it('are refused with a gap, a number twice, a file left out of the list or listed out of order', () => {
    const files = ['0001_a.ts', '0002_b.ts', '0003_c.ts']
    expect(migrationListProblems(files, ['0001_a', '0002_b', '0003_c'])).toEqual([])
    expect(migrationListProblems(['0001_a.ts', '0003_c.ts'], ['0001_a', '0003_c'])).toEqual([
      '0003_c.ts should be number 0002',
    ])
    expect(migrationListProblems(['0001_a.ts', '0002_b.ts', '0002_c.ts'], ['0001_a', '0002_b', '0002_c'])).toEqual([
      '0002_c.ts should be number 0003',
    ])
    expect(migrationListProblems(files, ['0001_a', '0002_b'])).toHaveLength(1)
    expect(migrationListProblems(files, ['0001_a', '0003_c', '0002_b'])).toHaveLength(1)
    expect(migrationListProblems(['0001_A b.ts'], ['0001_A b'])).toContain(
      '0001_A b.ts is not named NNNN_what_it_adds.ts',
    )
  })
})
