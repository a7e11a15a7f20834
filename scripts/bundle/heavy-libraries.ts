// Heavy libraries: each must load only with the pages that use them.
// The marker is a string literal the minifier keeps; the bundle budget checks that it is
// in a chunk holding the package and in no other chunk, so the browser test can rely on it.
import { type BuiltChunk, packageOf } from './chunks'

export interface HeavyLibrary {
  packageName: string
  usedBy: string
  marker: string
}

export const HEAVY_LIBRARIES: readonly HeavyLibrary[] = [
  { packageName: 'recharts', usedBy: '/usage', marker: 'recharts-wrapper' },
  { packageName: 'wavesurfer.js', usedBy: 'a call page with a recording', marker: 'wavesurferState' },
  // Where a number is typed and validated. Pages that only show numbers format them with its formats alone
  // (src/lib/phone-format.ts): 1 KB gzip and 0.1 to 1.6 per group of calling codes shown, where the library is
  // about 30.
  {
    packageName: 'libphonenumber-js',
    usedBy: '/calls/new, /caller-ids and the command palette',
    marker: 'country_calling_codes',
  },
  // The forms library: the list's filters write to the URL and do without it.
  { packageName: '@tanstack/form-core', usedBy: '/calls/new and /caller-ids', marker: 'request-form-force-submit' },
]

export const holdsPackage = (chunk: BuiltChunk, packageName: string) =>
  Object.keys(chunk.moduleSizes).some((id) => packageOf(id) === packageName)

/** Problems with the heavy libraries in a build: missing (the list went stale), or a marker that lies. */
export function heavyLibraryProblems(all: readonly BuiltChunk[]): string[] {
  const problems: string[] = []
  for (const { packageName, marker } of HEAVY_LIBRARIES) {
    const holders = all.filter((chunk) => holdsPackage(chunk, packageName))
    if (holders.length === 0) problems.push(`${packageName} is in no chunk: update HEAVY_LIBRARIES`)
    const marked = all.filter((chunk) => chunk.code.includes(marker))
    if (holders.length > 0 && !marked.some((chunk) => holders.includes(chunk))) {
      problems.push(`no chunk of ${packageName} holds its marker "${marker}"`)
    }
    for (const chunk of marked.filter((c) => !holders.includes(c))) {
      problems.push(`${chunk.file} holds the marker "${marker}" without ${packageName}`)
    }
  }
  return problems
}

/** Each of `libraries` that a cold load of `page` downloads (its chunks are `cold`), by chunk. */
export function coldLoadProblems(
  page: string,
  cold: readonly BuiltChunk[],
  libraries: readonly HeavyLibrary[] = HEAVY_LIBRARIES,
): string[] {
  return libraries.flatMap(({ packageName }) =>
    cold
      .filter((chunk) => holdsPackage(chunk, packageName))
      .map((chunk) => `${packageName} is in ${chunk.file}, which a cold load of ${page} downloads`),
  )
}
