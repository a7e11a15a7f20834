// V8 keeps every module's source in memory, one byte a character unless one character is past U+00FF, and then two
// for the whole file: one "…" in a comment doubled the console's 0.3 MB entry. esbuild escapes such characters in
// strings and templates (its ASCII charset), but copies comments, regular expressions and String.raw templates as
// written. In a comment an escape is only text, so it is escaped there; anywhere else an escape could change what
// the code means, so the build stops and names the place.
import { parse } from 'acorn'

const WIDE = /[\u0100-\u{10ffff}]/gu

/** `source` with every character past U+00FF in its comments escaped; throws for one outside a comment. */
export function oneByteSource(source: string, file: string): string {
  if (!source.match(WIDE)) return source
  const comments: [start: number, end: number][] = []
  parse(source, {
    ecmaVersion: 'latest',
    sourceType: 'module',
    onComment: (_block, _text, start, end) => comments.push([start, end]),
  })
  return source.replace(WIDE, (char: string, at: number) => {
    if (!comments.some(([start, end]) => at >= start && at < end)) {
      const line = source.slice(0, at).split('\n').length
      throw new Error(
        `${file}:${line}: ${JSON.stringify(char)} is outside a comment, where esbuild left it as written (a regular expression or String.raw?): write it as a \\u escape in the source`,
      )
    }
    return escapeUnits(char)
  })
}

function escapeUnits(char: string): string {
  let escaped = ''
  for (let at = 0; at < char.length; at++) escaped += `\\u${char.charCodeAt(at).toString(16).padStart(4, '0')}`
  return escaped
}
