import { describe, expect, it } from 'vitest'
import type { Callback } from '@/api/contract/callback-schemas'
import { createDueNotices } from './due-notices'

const due = (id: string) => ({ id }) as Callback

describe('due notices', () => {
  it('asks the console once per callback, and tells only of those it answered first for', async () => {
    const claims: string[] = []
    const firstTab = new Set(['cb_a'])
    const notices = createDueNotices(async (id) => {
      claims.push(id)
      return firstTab.has(id)
    })
    expect((await notices.take([due('cb_a'), due('cb_b')])).map((c) => c.id)).toEqual(['cb_a'])
    expect(await notices.take([due('cb_a'), due('cb_b'), due('cb_c')])).toEqual([])
    expect(claims).toEqual(['cb_a', 'cb_b', 'cb_c'])
  })

  it('tells of nothing while the console cannot be asked, and asks again with the next poll', async () => {
    let online = false
    const claims: string[] = []
    const notices = createDueNotices(async (id) => {
      claims.push(id)
      if (!online) throw new Error('offline')
      return true
    })
    expect(await notices.take([due('cb_a')])).toEqual([])
    online = true
    expect((await notices.take([due('cb_a')])).map((c) => c.id)).toEqual(['cb_a'])
    expect(await notices.take([due('cb_a')])).toEqual([])
    expect(claims).toEqual(['cb_a', 'cb_a'])
  })
})
