// Which API key this tab uses, and whether the service has refused it.
// The key a person types on the Connect page lives in memory and in
// sessionStorage (a reload keeps the tab connected), never in localStorage.
import { useSyncExternalStore } from 'react'

const STORAGE_KEY = 'voice-dashboard.api-key'

interface ConnectionState {
  /** Key typed on the Connect page; null means the server-side proxy supplies one. */
  apiKey: string | null
  /** The service answered 401: show the Connect page. */
  needsKey: boolean
}

let state: ConnectionState = { apiKey: readStored(), needsKey: false }
const listeners = new Set<() => void>()

function readStored(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(STORAGE_KEY) ?? null
  } catch {
    return null
  }
}

function update(next: ConnectionState) {
  state = next
  for (const listener of listeners) listener()
}

export function getApiKey(): string | null {
  return state.apiKey
}

export function setApiKey(key: string | null): void {
  const apiKey = key?.trim() || null
  try {
    if (apiKey) sessionStorage.setItem(STORAGE_KEY, apiKey)
    else sessionStorage.removeItem(STORAGE_KEY)
  } catch {
    // Storage can be disabled; the key still lives in memory for this tab.
  }
  update({ apiKey, needsKey: false })
}

/** Called once, by the query client, whenever the service answers 401. */
export function markUnauthorized(): void {
  if (!state.needsKey) update({ ...state, needsKey: true })
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useConnection(): ConnectionState {
  return useSyncExternalStore(subscribeConnection, () => state)
}
