// The architecture rules of .dependency-cruiser.cjs, run through dependency-cruiser's API (its CLI refuses Node 20,
// which this project supports): over the repository (check-deps.ts, npm run test:deps), or over a tree of files
// planted in another folder by the rules' own tests (dependency-rules.test.ts).
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cruise } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url))
const CONFIG = resolve(REPOSITORY, '.dependency-cruiser.cjs')

/** Checks `roots` (folders relative to `baseDir`) against the rules; the report as the `err` reporter writes it. */
export async function checkDependencies(
  roots: readonly string[],
  baseDir = REPOSITORY,
): Promise<{ output: string; exitCode: number }> {
  const options = await extractDepcruiseOptions(CONFIG)
  const tsConfigFile = options.tsConfig?.fileName
  const tsConfig = tsConfigFile ? extractTSConfig(resolve(REPOSITORY, tsConfigFile)) : undefined
  const result = await cruise([...roots], { ...options, baseDir, outputType: 'err' }, {}, { tsConfig })
  return { output: String(result.output), exitCode: result.exitCode }
}
