import { describe, expect, it } from 'vitest'
import { withPlayId } from './play-session'

describe('play session', () => {
  it("marks a signed link as the play's, keeping its query as it was", () => {
    const signed = 'http://localhost:5173/storage/recordings/call_1.wav?expires=17&signature=a%2Fb~c'
    expect(withPlayId(signed, 'abc12345')).toBe(`${signed}&console_play=abc12345`)
    expect(withPlayId('http://localhost/storage/recordings/call_1.wav', 'abc12345')).toBe(
      'http://localhost/storage/recordings/call_1.wav?console_play=abc12345',
    )
  })
})
