// Checks the architecture rules of .dependency-cruiser.cjs (npm run test:deps) through
// dependency-cruiser's API: its CLI refuses Node 20, which this project supports.
import { cruise } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'

const CONFIG = './.dependency-cruiser.cjs'
const roots = process.argv.slice(2)

const options = await extractDepcruiseOptions(CONFIG)
const tsConfigFile = options.tsConfig?.fileName
const tsConfig = tsConfigFile ? extractTSConfig(tsConfigFile) : undefined

const result = await cruise(roots, { ...options, outputType: 'err' }, {}, { tsConfig })
process.stdout.write(String(result.output))
process.exitCode = result.exitCode
