// Checks the architecture rules of .dependency-cruiser.cjs (npm run test:deps) over the folders given.
import { checkDependencies } from './dependency-rules'

const result = await checkDependencies(process.argv.slice(2))
process.stdout.write(result.output)
process.exitCode = result.exitCode
