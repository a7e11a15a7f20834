// Which due callbacks this tab should tell the person of: each is asked of the console once per tab, and the
// console answers `first` to one tab of the person alone (across tabs, browsers and instances).
import type { Callback } from '@/api/contract/callback-schemas'

export function createDueNotices(claim: (id: string) => Promise<boolean>) {
  const asked = new Set<string>()
  return {
    /**
     * The callbacks of `due` this tab is the one to tell of, once each. A claim that got no answer (refused for
     * now, the network, a page busy past its time limit) is asked again with the next `due`: the console notes a
     * notice only when it answers, so dropping it would leave the callback told in no tab at all.
     */
    async take(due: readonly Callback[]): Promise<Callback[]> {
      const fresh = due.filter((callback) => !asked.has(callback.id))
      for (const callback of fresh) asked.add(callback.id)
      const claimed = await Promise.all(
        fresh.map((callback) =>
          claim(callback.id).catch(() => {
            asked.delete(callback.id)
            return false
          }),
        ),
      )
      return fresh.filter((_, index) => claimed[index])
    },
  }
}
