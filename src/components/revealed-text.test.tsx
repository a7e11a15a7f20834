// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { RevealedText } from './revealed-text'

afterEach(cleanup)

describe('RevealedText', () => {
  it('shows a right-to-left override as a named token, inside an isolate', async () => {
    const { container } = render(
      <p>
        Name: <RevealedText text={'Bank \u202Ekcab llac'} />.
      </p>,
    )
    // At once, before the marked tokens load: the token as text, never the override itself.
    expect(container.textContent).toBe('Name: Bank ⟨U+202E⟩kcab llac.')
    const token = await screen.findByRole('img', { name: 'Hidden character U+202E: right-to-left override' })
    expect(token.textContent).toBe('⟨U+202E⟩')
    expect(token.getAttribute('title')).toBe('Hidden character U+202E: right-to-left override')
    const isolate = container.querySelector('bdi')
    expect(isolate?.textContent).toBe('Bank ⟨U+202E⟩kcab llac')
    // The override itself is gone from the page: nothing is left to reorder the text.
    expect(container.textContent).not.toContain('\u202E')
    expect(container.textContent).toBe('Name: Bank ⟨U+202E⟩kcab llac.')
  })

  it('shows every hidden character of a metadata key, a tag character whole', async () => {
    render(<RevealedText text={'note\u202Egnp.exe\u200B\u{E0041}'} />)
    const tokens = await screen.findAllByRole('img')
    expect(tokens.map((token) => token.getAttribute('aria-label'))).toEqual([
      'Hidden character U+202E: right-to-left override',
      'Hidden character U+200B: zero-width space',
      'Hidden character U+E0041: tag character',
    ])
  })

  it('leaves ordinary text as it is, still isolated', () => {
    const { container } = render(<RevealedText text="שלום Acme" />)
    expect(screen.queryByRole('img')).toBeNull()
    expect(container.innerHTML).toBe('<bdi>שלום Acme</bdi>')
  })

  it('says a blank name in muted words rather than leave the cell empty', async () => {
    for (const text of ['', '   ', null, undefined]) {
      const { unmount } = render(<RevealedText text={text} empty="No name" />)
      expect(screen.getByText('No name').className).toContain('text-slate-600')
      unmount()
    }
    // Only invisible characters is not blank: they are what to see.
    render(<RevealedText text={'\uFEFF'} empty="No name" />)
    expect(screen.queryByText('No name')).toBeNull()
    expect(await screen.findByRole('img', { name: 'Hidden character U+FEFF: zero-width no-break space' })).toBeTruthy()
  })
})
