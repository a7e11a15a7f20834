// @vitest-environment jsdom
// "Do not call again" on a call list's work page asks what the call's page asks (issue 52): the number goes on the
// do-not-call list only once the agent ticks that the callee asked, never by default; once listed, it says so.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { DO_NOT_CALL_OUTCOME } from '@/api/contract/call-work-schemas'
import type { OutcomeKind } from '@/api/contract/outcome-kind-schemas'
import { stubFetch } from '@/test/stub-fetch'
import { OutcomeForm } from './outcome-form'

// Nothing here may reach the console: the form hands the choice to its page (and the note is not saved).
const fetchMock = stubFetch()
const NUMBER = '+13035550123'

const kind = (id: string, label: string): OutcomeKind => ({
  id,
  label,
  comes_back: false,
  asks_callback: false,
  archived: false,
})
const kinds = [kind('reached', 'Reached'), kind(DO_NOT_CALL_OUTCOME, 'Do not call again')]

function renderForm(props: { chosen: string | null; saving?: string | null; listed?: boolean }) {
  const onList = vi.fn()
  const onChoose = vi.fn()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OutcomeForm
        callId="call_1"
        kinds={kinds}
        chosen={props.chosen}
        saving={props.saving ?? null}
        error={null}
        onChoose={onChoose}
        number={NUMBER}
        listed={props.listed ?? false}
        onList={onList}
      />
    </QueryClientProvider>,
  )
  return { onList, onChoose }
}

describe('the work page’s outcome “Do not call again”', () => {
  it('offers the do-not-call list unticked, and lists the number only when ticked', async () => {
    const user = userEvent.setup()
    const { onList } = renderForm({ chosen: DO_NOT_CALL_OUTCOME })
    const box = screen.getByRole('checkbox', { name: `Also put ${NUMBER} on the do-not-call list` })
    expect((box as HTMLInputElement).checked).toBe(false)
    expect(screen.getByText('Not on the do-not-call list yet.')).toBeTruthy()
    expect(onList).not.toHaveBeenCalled()
    await user.click(box)
    expect(onList).toHaveBeenCalledTimes(1)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says the number is on the list once the console says so', () => {
    renderForm({ chosen: DO_NOT_CALL_OUTCOME, listed: true })
    expect(screen.getByText('On the do-not-call list')).toBeTruthy()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })

  it('asks nothing with another outcome', () => {
    renderForm({ chosen: 'reached' })
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(screen.queryByText(/do-not-call list/)).toBeNull()
  })
})
