import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildOpenApiDocument } from '../server/simulator/openapi'

// Writes openapi.json at the repository root (npm run openapi); the output is deterministic.
const target = fileURLToPath(new URL('../openapi.json', import.meta.url))
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`)
console.log(`Wrote ${target}`)
