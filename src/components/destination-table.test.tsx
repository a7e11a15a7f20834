// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DestinationTable } from './destination-table'

afterEach(cleanup)

const rows = [
  { id: 'd1', name: 'Ops hook', disabledReason: null },
  { id: 'd2', name: 'Bank \u202Ekcab', disabledReason: 'The receiver answered 410 Gone.' },
]

describe('DestinationTable', () => {
  it("names each row's Delete after it, hidden characters shown, and deletes the row whose button was pressed", async () => {
    const onDelete = vi.fn()
    render(
      <DestinationTable
        regionLabel="Integrations table"
        caption="Integrations"
        rows={rows}
        columns={[]}
        enabledSwitch={() => null}
        testButton={(row) => <button type="button">Test: {row.name}</button>}
        onDelete={onDelete}
      />,
    )
    const hidden = screen.getByRole('row', { name: /Bank/ })
    const actions = within(hidden).getAllByRole('button')
    // The feature's own button comes first, Delete last.
    expect(actions.map((button) => button.textContent)).toEqual(['Test: Bank \u202Ekcab', 'Delete'])
    await userEvent.click(within(hidden).getByRole('button', { name: 'Delete: Bank ⟨U+202E⟩kcab' }))
    expect(onDelete).toHaveBeenCalledExactlyOnceWith(rows[1])
    await userEvent.click(screen.getByRole('button', { name: 'Delete: Ops hook' }))
    expect(onDelete).toHaveBeenLastCalledWith(rows[0])
  })
})
