// Checks the architecture rules of .dependency-cruiser.cjs (npm run test:deps) through
// dependency-cruiser's API: its CLI refuses Node 20, which this project supports.
// With --baseline it rewrites the known violations instead, dropping the ones that are fixed.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cruise } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'

const CONFIG = './.dependency-cruiser.cjs'
const BASELINE = '.dependency-cruiser-known-violations.json'

const args = process.argv.slice(2)
const shrinkBaseline = args.includes('--baseline')
const roots = args.filter((arg) => arg !== '--baseline')

const options = await extractDepcruiseOptions(CONFIG)
const tsConfigFile = options.tsConfig?.fileName
const tsConfig = tsConfigFile ? extractTSConfig(tsConfigFile) : undefined

if (shrinkBaseline) {
  const baselineOptions = { ...options, outputType: 'baseline', baseline: { mode: 'shrink-only' as const } }
  const result = await cruise(roots, baselineOptions, {}, { tsConfig })
  writeFileSync(BASELINE, String(result.output))
  // In the shape `npm run lint` expects.
  execFileSync('node_modules/.bin/biome', ['format', '--write', BASELINE], { stdio: 'ignore' })
  process.stdout.write(`Wrote ${BASELINE}${result.meta ?? ''}\n`)
} else {
  const result = await cruise(roots, { ...options, outputType: 'err' }, {}, { tsConfig })
  process.stdout.write(String(result.output))
  process.exitCode = result.exitCode
}
