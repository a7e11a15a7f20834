// Issue 51, item 8: what each person did in a period, for managers: calls, the reached rate by the outcomes they
// recorded, talk minutes from the index's durations, and calls per outcome; most calls first. Pure past the reads.
import { REACHED_OUTCOME } from '../../../src/api/contract/call-work-schemas'
import type { PeopleResponse } from '../../../src/api/contract/usage-breakdown-schemas'
import type { ConsoleStore } from '../store'
import type { UsageRange } from '../store/usage-breakdowns'

type Person = PeopleResponse['people'][number]

const isoTime = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')

export async function peopleReport(store: ConsoleStore, range: UsageRange): Promise<PeopleResponse> {
  const queries = store.usageBreakdowns
  const [parts, labels] = await Promise.all([queries.people(range), queries.outcomeLabels()])
  const emails = await queries.emailsOf([...new Set(parts.map((part) => part.userId))])
  const people = new Map<string, Person & { talkSeconds: number }>()
  for (const part of parts) {
    let person = people.get(part.userId)
    if (!person) {
      const email = emails.get(part.userId) ?? part.userId
      person = {
        userId: part.userId,
        email,
        calls: 0,
        recorded: 0,
        reached: 0,
        reachedRate: null,
        talkMinutes: 0,
        outcomes: [],
        talkSeconds: 0,
      }
      people.set(part.userId, person)
    }
    person.calls += part.calls
    person.talkSeconds += part.talkSeconds
    if (part.kindId === null) continue
    person.recorded += part.calls
    if (part.kindId === REACHED_OUTCOME) person.reached += part.calls
    person.outcomes.push({ id: part.kindId, label: labels.get(part.kindId) ?? part.kindId, calls: part.calls })
  }
  const ranked = [...people.values()]
    .map(({ talkSeconds, ...person }) => ({
      ...person,
      reachedRate: person.recorded === 0 ? null : person.reached / person.recorded,
      talkMinutes: Math.round(talkSeconds / 6) / 10,
      outcomes: person.outcomes.sort((a, b) => b.calls - a.calls || a.label.localeCompare(b.label)),
    }))
    .sort((a, b) => b.calls - a.calls || b.talkMinutes - a.talkMinutes || a.email.localeCompare(b.email))
  return { from: isoTime(range.fromMs), to: isoTime(range.toMs), people: ranked }
}
