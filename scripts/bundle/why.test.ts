import { describe, expect, it } from 'vitest'
import { testChunk } from './test-chunk'
import { whyTables } from './why'

describe('whyTables', () => {
  it('weighs packages and modules, largest first, naming a module by its path inside node_modules', () => {
    const big = `export const big = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))}`
    const chunk = testChunk('a.js', {
      moduleCode: {
        '../main/node_modules/zod/v4/core/schemas.js': big,
        'src/api/contract/schemas.ts': 'export const a = 1',
      },
    })
    const lines = whyTables([chunk], 1).split('\n')
    expect(lines[1]).toMatch(/^zod +1 module /)
    expect(lines[2]).toMatch(/^app +1 module /)
    expect(lines[4]).toMatch(/^largest 1 modules/)
    expect(lines[5]).toMatch(/^zod\/v4\/core\/schemas\.js +zod /)
    expect(lines).toHaveLength(6)
  })
})
