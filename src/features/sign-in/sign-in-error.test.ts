import { describe, expect, it } from 'vitest'
import { ApiError } from '@/api/client'
import { signInErrorText } from './sign-in-error'

const tooMany = (message: string, retryAfterMs: number) =>
  new ApiError({ kind: 'http', status: 429, message, retryAfterMs })

describe('the sign-in error', () => {
  it("says a short wait in the console's own seconds", () => {
    const text = 'There have been many failed sign-ins from your network. Wait 4 seconds and try again.'
    expect(signInErrorText(tooMany(text, 4_000))).toBe(text)
  })

  it('adds the time a lockout ends', () => {
    const now = new Date(2026, 10, 25, 9, 0).getTime()
    const text = signInErrorText(tooMany('Sign-in is paused. Try again in 15 minutes.', 15 * 60_000), now)
    expect(text).toMatch(/^Sign-in is paused\. Try again in 15 minutes \(at 0?9:15( AM)?\)\.$/)
  })
})
