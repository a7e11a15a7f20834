// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AlertRule } from '@/api/contract/alert-schemas'
import { RulesTable } from './rules-table'

afterEach(cleanup)

const rule = (id: string, kind: AlertRule['kind'], description: string): AlertRule => ({
  id,
  kind,
  percent: kind === 'usage-percent' ? 80 : null,
  enabled: true,
  description,
  updatedAt: '2026-12-01T09:00:00.000Z',
  updatedBy: null,
  firedThisPeriod: false,
  channelIds: null,
})

// What the table offers per rule; turning one on and off, and saving an edit, are e2e/alerts.spec.ts's journey.
describe('RulesTable', () => {
  it('offers Edit percent only on a percent rule, and Delete on every rule, each named after its rule', async () => {
    const percent = rule('r1', 'usage-percent', 'Minutes used reach 80% of the commitment')
    const projected = rule('r2', 'projected-over', 'Projected to go over the commitment')
    const onAction = vi.fn()
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RulesTable rules={[percent, projected]} onAction={onAction} onDone={() => {}} />
      </QueryClientProvider>,
    )
    const buttonsOf = (description: string) =>
      within(screen.getByRole('row', { name: new RegExp(description) }))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label'))
    expect(buttonsOf(percent.description)).toEqual([
      `Edit percent: ${percent.description}`,
      `Delete: ${percent.description}`,
    ])
    expect(buttonsOf(projected.description)).toEqual([`Delete: ${projected.description}`])

    await userEvent.click(screen.getByRole('button', { name: `Edit percent: ${percent.description}` }))
    expect(onAction).toHaveBeenLastCalledWith({ kind: 'edit', rule: percent })
    await userEvent.click(screen.getByRole('button', { name: `Delete: ${projected.description}` }))
    expect(onAction).toHaveBeenLastCalledWith({ kind: 'delete', rule: projected })
  })
})
