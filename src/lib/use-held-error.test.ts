import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useHeldError } from './use-held-error'

describe('useHeldError', () => {
  const failed = new Error('The service answered 403.')
  const render = () =>
    renderHook((state: { error: unknown; fetching: boolean; hasData: boolean }) => useHeldError(state.error, state), {
      initialProps: { error: failed as unknown, fetching: false, hasData: false },
    })

  it('keeps the error while the query asks again without data', () => {
    const { result, rerender } = render()
    rerender({ error: null, fetching: true, hasData: false })
    expect(result.current).toBe(failed)
  })

  it('lets it go once an answer comes', () => {
    const { result, rerender } = render()
    rerender({ error: null, fetching: true, hasData: false })
    rerender({ error: null, fetching: false, hasData: true })
    expect(result.current).toBeNull()
  })

  it('takes a newer error in its place', () => {
    const { result, rerender } = render()
    const later = new Error('The service answered 503.')
    rerender({ error: later, fetching: false, hasData: false })
    expect(result.current).toBe(later)
  })
})
