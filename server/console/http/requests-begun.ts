// How many requests this process has begun, fast path included: an export's page rests only when other requests
// came while it worked (stream-turns.ts), so an export alone runs at full speed. One count per process, which in
// production is one per instance, as the turns are; consoles that share a process in tests only rest more often.
let begun = 0

/** Counted by the listener (console-app/listen.ts) as each request arrives. */
export const requestBegun = (): void => {
  begun += 1
}

export const requestsBegun = (): number => begun
