// The server answered 401 somewhere: the session is over. The query client reports it
// here once; the router (which the query client cannot import) sends the person to sign in.
type Listener = () => void

const listeners = new Set<Listener>()

export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function reportSessionEnded(): void {
  for (const listener of listeners) listener()
}
