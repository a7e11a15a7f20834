import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { brokenLinks, headingIds } from './doc-links'

const root = fileURLToPath(new URL('..', import.meta.url))

describe('the Markdown links', () => {
  it('of every committed document lead to a file, and to a heading in it', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean)
    expect(files.length).toBeGreaterThan(20)
    expect(files.flatMap((file) => brokenLinks(root, file))).toEqual([])
  })

  it('are found broken when the file or the heading is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'doc-links-'))
    writeFileSync(join(dir, 'b.md'), '# Running several instances\n\n## `bench:api` (one run)\n')
    writeFileSync(
      join(dir, 'a.md'),
      [
        '[ok](b.md#running-several-instances) [ok](b.md#benchapi-one-run) [web](https://x.test/a.md)',
        '[gone](c.md) [no heading](b.md#configuration) `[code](d.md)`',
        '```\n[in a block](e.md)\n```',
      ].join('\n'),
    )
    expect(brokenLinks(dir, 'a.md')).toEqual([
      'a.md: c.md (no such file)',
      'a.md: b.md#configuration (no heading #configuration in b.md)',
    ])
  })

  it('name headings as GitHub does, repeats numbered', () => {
    expect([...headingIds('# Single sign-on (OpenID Connect)\n## Tests\n## Tests\n')]).toEqual([
      'single-sign-on-openid-connect',
      'tests',
      'tests-1',
    ])
  })
})
