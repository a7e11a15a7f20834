// The configuration reference cannot drift from the settings: the committed docs/configuration.md is what the
// schema writes now (npm run config-reference writes it again), and it names every setting the schema has.
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { CONSOLE_SETTINGS } from './config'
import { configurationReference } from './config-reference'

it('is committed as the schema writes it: run npm run config-reference after changing a setting', () => {
  const committed = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8')
  expect(committed).toBe(configurationReference())
  for (const name of CONSOLE_SETTINGS) expect(committed).toContain(`| \`${name}\` |`)
})
