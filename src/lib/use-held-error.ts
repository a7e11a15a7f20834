import { useRef } from 'react'

/**
 * A query's error, held while it asks again. TanStack Query puts a query with no data back to "pending" (error
 * null) whenever it refetches, so a page showing the error would flash back to its skeleton on every
 * background refetch, and its Retry would vanish under the pointer. The error is let go once an answer comes
 * or the query stops asking without one.
 */
export function useHeldError(error: unknown, { fetching, hasData }: { fetching: boolean; hasData: boolean }): unknown {
  const held = useRef<unknown>(null)
  if (error) held.current = error
  else if (hasData || !fetching) held.current = null
  return held.current
}
