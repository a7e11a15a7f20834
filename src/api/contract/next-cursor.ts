// The spec types `next_cursor` as a string and documents null only for usage history: a service may
// also leave it out or send ''. Every reader of a page asks here, so all three mean "no further page".

/** The cursor of the next page, or null when there is none (a missing, empty or null `next_cursor`). */
export function nextCursorOf(page: { next_cursor?: string | null | undefined }): string | null {
  return page.next_cursor ? page.next_cursor : null
}
