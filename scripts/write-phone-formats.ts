import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import metadata from 'libphonenumber-js/metadata.min.json'
import { groupPhoneFormats, slimPhoneMetadata } from './phone-formats/slim-phone-metadata'

// Writes src/lib/phone-formats/<first digit of the calling code>.json from the installed libphonenumber-js
// (npm run phone-formats), after an update of the library; scripts/phone-formats/slim-phone-metadata.test.ts fails
// until they are rewritten. The folder holds nothing else, so a group the library no longer has goes with it.
const folder = fileURLToPath(new URL('../src/lib/phone-formats', import.meta.url))
mkdirSync(folder, { recursive: true })
for (const file of readdirSync(folder)) rmSync(join(folder, file))
for (const [digit, formats] of Object.entries(groupPhoneFormats(slimPhoneMetadata(metadata)))) {
  writeFileSync(join(folder, `${digit}.json`), `${JSON.stringify(formats)}\n`)
}
console.log(`Wrote ${folder}`)
