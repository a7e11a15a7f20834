// index.html names who is signed in, so the first page needs no round trip; never anything else.
import { describe, expect, it } from 'vitest'
import { createTestConsole } from '../test-support/console-app'
import { sessionDataBlock } from './spa'

const blockOf = (html: string) =>
  /<script id="console-session" type="application\/json">(.*?)<\/script>/.exec(html)?.[1]

describe('the session written into index.html', () => {
  it('names the signed-in person and their permissions, and nobody when signed out', async () => {
    const console = await createTestConsole()
    await console.addUser('manager@example.test', 'manager')
    // A signed-out page: set-up, the one page besides sign-in that is served to nobody in particular.
    const signedOut = await console.request('/set-up')
    expect(signedOut.headers.get('cache-control')).toBe('no-store')
    expect(JSON.parse(blockOf(await signedOut.text()) ?? '')).toEqual({ user: null, permissions: [] })

    const cookie = await console.signIn('manager@example.test')
    for (const path of ['/', '/index.html', '/usage']) {
      const state = JSON.parse(blockOf(await (await console.request(path, { cookie })).text()) ?? '')
      expect(state.user.email, path).toBe('manager@example.test')
      expect(state.permissions, path).toContain('usage:read')
      expect(state.permissions, path).not.toContain('calls:create')
      // The session's own id never goes into the page.
      expect(JSON.stringify(state), path).not.toContain(cookie.split('=')[1])
    }
  })

  it('escapes what could close the element', () => {
    const block = sessionDataBlock({
      user: { id: 'usr_1', email: '</script><script>alert(1)</script>@x.test\u2028', role: 'support' },
      permissions: ['calls:read'],
      preferences: { timeZone: 'browser' },
    })
    expect(block.match(/<\/script>/g)).toHaveLength(1)
    expect(block).not.toContain('\u2028')
    expect(JSON.parse(blockOf(block) ?? '').user.email).toBe('</script><script>alert(1)</script>@x.test\u2028')
  })
})
