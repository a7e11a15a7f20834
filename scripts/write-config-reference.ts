// npm run config-reference: writes docs/configuration.md from the console's settings schema
// (server/console/config-reference.ts); config-reference.test.ts fails when the committed file differs.
import { writeFileSync } from 'node:fs'
import { configurationReference } from '../server/console/config-reference'

const CONFIG_REFERENCE_PATH = 'docs/configuration.md'

writeFileSync(CONFIG_REFERENCE_PATH, configurationReference())
console.log(`Wrote ${CONFIG_REFERENCE_PATH}`)
