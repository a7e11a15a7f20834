// Which due callbacks this tab should tell the person of: each is asked of the console once per tab, and the
// console answers `first` to one tab of the person alone (across tabs, browsers and instances). That tab says when
// it has shown the notice; until then the console holds it for that tab a while only, and a tab told it is held asks
// again, so a tab closed between winning and showing leaves the notice to another, not to none.
import type { Callback, NoticeAnswer } from '@/api/contract/callback-schemas'

export function createDueNotices(
  claim: (id: string) => Promise<NoticeAnswer>,
  showed: (id: string) => Promise<unknown>,
) {
  const asked = new Set<string>()
  return {
    /**
     * The callbacks of `due` this tab is the one to tell of, once each. A claim that got no answer (refused for
     * now, the network, a page busy past its time limit), or whose notice another tab holds without having shown
     * it, is asked again with the next `due`: dropping it could leave the callback told in no tab at all.
     */
    async take(due: readonly Callback[]): Promise<Callback[]> {
      const fresh = due.filter((callback) => !asked.has(callback.id))
      for (const callback of fresh) asked.add(callback.id)
      const claimed = await Promise.all(
        fresh.map((callback) =>
          claim(callback.id).then(
            (answer) => {
              if (!answer.first && answer.held_until) asked.delete(callback.id)
              return answer.first
            },
            () => {
              asked.delete(callback.id)
              return false
            },
          ),
        ),
      )
      return fresh.filter((_, index) => claimed[index])
    },
    /**
     * Says the console these were shown. Not said (the network), the hold lapses and another tab may tell of one
     * again: twice rather than never.
     */
    showed(told: readonly Callback[]) {
      for (const callback of told) void showed(callback.id).catch(() => {})
    },
  }
}
