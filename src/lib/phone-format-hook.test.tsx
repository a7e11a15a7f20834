// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createPhoneFormats, type PhoneFormats, usePhoneFormat } from './phone-format'

afterEach(cleanup)

let renders = 0
function ShownNumber({ e164, formats }: { e164: string; formats: PhoneFormats }) {
  renders++
  const formatPhone = usePhoneFormat(formats)
  return <p>{formatPhone(e164)}</p>
}

describe('usePhoneFormat', () => {
  it('shows a number as it came, then re-renders it formatted when its group arrives', async () => {
    const formats = createPhoneFormats()
    renders = 0
    render(<ShownNumber e164="+442079460958" formats={formats} />)
    expect(screen.getByText('+442079460958')).toBeTruthy()
    expect(await screen.findByText('+44 20 7946 0958')).toBeTruthy()
    expect(renders).toBe(2)
  })

  it('re-renders with the group a loader is fetching when it arrives', async () => {
    const formats = createPhoneFormats()
    const loading = formats.loadGroups(['1'])
    render(<ShownNumber e164="+14155550100" formats={formats} />)
    expect(screen.getByText('+14155550100')).toBeTruthy()
    await act(() => loading)
    expect(screen.getByText('+1 415 555 0100')).toBeTruthy()
  })
})
