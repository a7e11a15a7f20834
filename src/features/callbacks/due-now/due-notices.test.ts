import { describe, expect, it } from 'vitest'
import type { Callback, NoticeAnswer } from '@/api/contract/callback-schemas'
import { createDueNotices } from './due-notices'

const due = (id: string) => ({ id }) as Callback
const first = (yes: boolean): NoticeAnswer => ({ first: yes, held_until: null })
const nothing = async () => {}

describe('due notices', () => {
  it('asks the console once per callback, and tells only of those it answered first for', async () => {
    const claims: string[] = []
    const firstTab = new Set(['cb_a'])
    const notices = createDueNotices(async (id) => {
      claims.push(id)
      return first(firstTab.has(id))
    }, nothing)
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
      return first(true)
    }, nothing)
    expect(await notices.take([due('cb_a')])).toEqual([])
    online = true
    expect((await notices.take([due('cb_a')])).map((c) => c.id)).toEqual(['cb_a'])
    expect(await notices.take([due('cb_a')])).toEqual([])
    expect(claims).toEqual(['cb_a', 'cb_a'])
  })

  it('asks again while another tab holds the notice unshown, and tells of it once the console gives it here', async () => {
    let holder: 'another tab' | 'this tab' | 'shown elsewhere' = 'another tab'
    const claims: string[] = []
    const notices = createDueNotices(async (id) => {
      claims.push(id)
      if (holder === 'this tab') return first(true)
      return { first: false, held_until: holder === 'another tab' ? '2026-12-08T10:00:30Z' : null }
    }, nothing)
    expect(await notices.take([due('cb_a')])).toEqual([])
    expect(await notices.take([due('cb_a')])).toEqual([])
    // The other tab closed before showing it: its hold lapsed, and the console gives it to this one.
    holder = 'this tab'
    expect((await notices.take([due('cb_a')])).map((c) => c.id)).toEqual(['cb_a'])
    expect(await notices.take([due('cb_a')])).toEqual([])
    expect(claims).toEqual(['cb_a', 'cb_a', 'cb_a'])
  })

  it('stops asking once the tab that won has shown it', async () => {
    const claims: string[] = []
    const notices = createDueNotices(async (id) => {
      claims.push(id)
      return { first: false, held_until: null }
    }, nothing)
    await notices.take([due('cb_a')])
    await notices.take([due('cb_a')])
    expect(claims).toEqual(['cb_a'])
  })

  it('says the console which it showed, and a failure to say so breaks nothing', async () => {
    const said: string[] = []
    const notices = createDueNotices(
      async () => first(true),
      async (id) => {
        said.push(id)
        throw new Error('offline')
      },
    )
    const told = await notices.take([due('cb_a'), due('cb_b')])
    notices.showed(told)
    await Promise.resolve()
    expect(said).toEqual(['cb_a', 'cb_b'])
  })
})
