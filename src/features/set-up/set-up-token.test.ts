import { describe, expect, it } from 'vitest'
import { setUpTokenFrom } from './set-up-token'

describe('setUpTokenFrom', () => {
  const token = 'AbC-_0123456789abcdefghijklmnopqrstuvwxyz0'

  it('reads the token of the fragment, with or without its #', () => {
    expect(setUpTokenFrom(`#token=${token}`)).toBe(token)
    expect(setUpTokenFrom(`token=${token}`)).toBe(token)
  })

  it('says null for a link cut short or changed by hand', () => {
    expect(setUpTokenFrom('')).toBeNull()
    expect(setUpTokenFrom('#token=')).toBeNull()
    expect(setUpTokenFrom('#token=abc')).toBeNull()
    expect(setUpTokenFrom(`#token=${token.slice(0, 30)}<script>`)).toBeNull()
  })
})
