/**
 * Resolves in the event loop's next turn. A request from the network is read in a turn of its own, after what
 * came before it; `app.request` in a test is not, and awaits this where that matters (store/sqlite/open.ts).
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))
