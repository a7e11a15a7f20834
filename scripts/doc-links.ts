// The repository's Markdown links, checked: a relative link must name a file that exists and, with a `#`, a heading
// in it, as GitHub renders them (docs moved between files leave links behind that nothing else would notice).
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'

/** GitHub's id for a heading: lower case, punctuation dropped, each space a hyphen (repeats get -1, -2, ...). */
export function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>()
  const seen = new Map<string, number>()
  for (const line of withoutCodeBlocks(markdown)) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1]
    if (heading === undefined) continue
    const text = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/&[a-z]+;/g, '')
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    ids.add(count === 0 ? base : `${base}-${count}`)
  }
  return ids
}

function withoutCodeBlocks(markdown: string): string[] {
  let inCode = false
  return markdown.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      inCode = !inCode
      return false
    }
    return !inCode
  })
}

/** Every relative link of one file that leads nowhere, as "file: target (why)". */
export function brokenLinks(root: string, file: string): string[] {
  const markdown = readFileSync(join(root, file), 'utf8')
  const broken: string[] = []
  for (const line of withoutCodeBlocks(markdown)) {
    const prose = line.replace(/`[^`]*`/g, '')
    for (const [, target = ''] of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue
      const [path, anchor] = target.split('#') as [string, string | undefined]
      const resolved = path === '' ? file : normalize(join(dirname(file), decodeURIComponent(path)))
      const absolute = join(root, resolved)
      if (!existsSync(absolute)) {
        broken.push(`${file}: ${target} (no such file)`)
        continue
      }
      if (anchor === undefined || !resolved.endsWith('.md') || statSync(absolute).isDirectory()) continue
      if (!headingIds(readFileSync(absolute, 'utf8')).has(anchor))
        broken.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`)
    }
  }
  return broken
}
