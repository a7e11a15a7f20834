// The contract of callbacks (issue 51, item 3): a time to call a callee back, asked from a call, kept by the
// console. Apart from the other contract files: only the callbacks' panel and page (and the header's count) read it.
import * as z from 'zod/mini'

export const CALLBACK_PATHS = {
  list: '/callbacks',
  overdue: '/callbacks/overdue',
  timeZones: '/callbacks/time-zones',
  done: '/callbacks/:id/done',
  reschedule: '/callbacks/:id/reschedule',
  cancel: '/callbacks/:id/cancel',
  notice: '/callbacks/:id/notice',
} as const

/**
 * The metadata key a "Call back" link adds to the New call form: the call placed with it closes that callback on
 * the server, whichever tab, reload or instance places it.
 */
export const CALLBACK_METADATA_KEY = 'callback_id'

/** Managers see a callback as overdue once it has waited this long past its time without being done. */
export const OVERDUE_AFTER_MS = 15 * 60_000

/** How far ahead a callback may be asked for. */
export const LONGEST_WAIT_DAYS = 90

/** Whose it is: the person who placed the call (the one asking, for an agent), or anyone who works callbacks. */
const callbackOwnerChoice = z.enum(['placer', 'everyone'])

const dueAt = z.iso.datetime({ offset: true, error: 'Give the time as a date and time, such as 2026-12-08T10:00:00Z.' })

export const callbackInput = z.object({
  call_id: z.string().check(z.minLength(1, { error: 'Name the call the callback comes from.' }), z.maxLength(200)),
  due_at: dueAt,
  owner: callbackOwnerChoice,
})
export type CallbackInput = z.infer<typeof callbackInput>

export const rescheduleInput = z.object({ due_at: dueAt })

const person = z.object({ user_id: z.string(), email: z.string() })

export const callback = z.object({
  id: z.string(),
  call_id: z.string(),
  /** The number to call (E.164): the call's destination. */
  number: z.string(),
  /** The caller ID the call was placed with, offered again so the callee sees the same number. */
  caller_id: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  due_at: z.iso.datetime(),
  /** Null: everyone's. */
  owner: z.nullable(person),
  created_by: person,
  created_at: z.iso.datetime(),
  done_at: z.nullable(z.iso.datetime()),
  done_by: z.nullable(person),
  /** The call that did it, when one was placed through a "Call back" link. */
  done_call_id: z.nullable(z.string()),
  cancelled_at: z.nullable(z.iso.datetime()),
  /** The callee's time zones as the number tells them (IANA names); empty when it does not. */
  time_zones: z.array(z.string()),
})
export type Callback = z.infer<typeof callback>

export const callbackList = z.object({ callbacks: z.array(callback) })

export const timeZonesAnswer = z.object({ number: z.string(), time_zones: z.array(z.string()) })

/**
 * A notice claim names its tab (a random id the tab keeps while it is open): the tab that won hears `first` again
 * when it asks again, its first answer lost. Left out by an older tab, which then cannot ask again. With `hold=true`
 * the tab will say when it showed the notice (`shown=true`): until it does, its claim is held NOTICE_HOLD_MS only,
 * and then another tab of the person may take it (the winner may have closed before showing it). A claim without
 * `hold` (a page from before) is the winner's for good.
 */
export const noticeQuery = z.object({
  tab: z.optional(
    z
      .string()
      .check(z.regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'Name the tab with 8 to 64 letters, digits or dashes.' })),
  ),
  hold: z.optional(z.enum(['true'], { error: 'Say hold=true, or leave it out.' })),
  shown: z.optional(z.enum(['true'], { error: 'Say shown=true, or leave it out.' })),
})

/** How long a won notice is held for its tab to show it before another tab may take it. */
export const NOTICE_HOLD_MS = 30_000

export const noticeAnswer = z.object({
  /** True for the first tab, browser or instance of this person to ask: that one shows the notification. */
  first: z.boolean(),
  /**
   * When another tab won the notice and has not yet said it showed it: until when its claim is held. Ask again after
   * it. Absent (or null) when there is nothing to ask again for.
   */
  held_until: z.optional(z.nullable(z.iso.datetime())),
})
export type NoticeAnswer = z.infer<typeof noticeAnswer>
