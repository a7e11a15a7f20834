import { Pool as RootPool } from 'undici'
import { describe, expect, it } from 'vitest'
import { Pool } from './undici-pool'

describe('undici-pool', () => {
  it("is undici's own Pool, loaded without the rest of the package", () => {
    expect(Pool).toBe(RootPool)
  })
})
