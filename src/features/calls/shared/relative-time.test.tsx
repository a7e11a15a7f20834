// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { formatExact } from '@/lib/time'
import { RelativeTime } from './relative-time'

afterEach(cleanup)

describe('RelativeTime', () => {
  it('keeps the exact time in the markup and in text that screen readers read', () => {
    const iso = new Date(Date.now() - 5 * 60_000).toISOString()
    const { container } = render(<RelativeTime iso={iso} />)
    const time = container.querySelector('time')
    expect(time?.getAttribute('dateTime')).toBe(iso)
    expect(time?.getAttribute('title')).toBe(formatExact(iso))
    expect(time?.textContent).toBe(`5 minutes ago (${formatExact(iso)})`)
  })
})
