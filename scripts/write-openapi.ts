import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildSimulatorDocument } from '../server/simulator/openapi-simulator'
import { buildSpecDocument } from '../server/simulator/openapi-spec'

// Writes both documents at the repository root (npm run openapi); the output is deterministic.
// openapi.json: what the service promises. openapi.simulator.json: the embedded simulator's choices too.
const documents = { 'openapi.json': buildSpecDocument(), 'openapi.simulator.json': buildSimulatorDocument() }
for (const [name, document] of Object.entries(documents)) {
  const target = fileURLToPath(new URL(`../${name}`, import.meta.url))
  writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`)
  console.log(`Wrote ${target}`)
}
