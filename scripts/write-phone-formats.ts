import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import metadata from 'libphonenumber-js/metadata.min.json'
import { slimPhoneMetadata } from './phone-formats/slim-phone-metadata'

// Writes src/lib/phone-formats.json from the installed libphonenumber-js (npm run phone-formats), after an
// update of the library; scripts/phone-formats/slim-phone-metadata.test.ts fails until it is rewritten.
const target = fileURLToPath(new URL('../src/lib/phone-formats.json', import.meta.url))
writeFileSync(target, `${JSON.stringify(slimPhoneMetadata(metadata))}\n`)
console.log(`Wrote ${target}`)
