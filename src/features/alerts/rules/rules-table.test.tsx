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

// What the table offers per rule; turning one on and off, and saving an edit, are the e2e journeys'.
describe('RulesTable', () => {
  it('offers Edit and Delete on every rule, each named after its rule, and says where each rule goes', async () => {
    const percent = {
      ...rule('r1', 'usage-percent', 'Minutes used reach 80% of the commitment'),
      channelIds: ['chn_a'],
    }
    const projected = rule('r2', 'projected-over', 'Projected to go over the commitment')
    const nowhere = { ...rule('r3', 'caller-id-answered-less', 'A caller ID is answered less'), channelIds: [] }
    const onAction = vi.fn()
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RulesTable
          rules={[percent, projected, nowhere]}
          channelNames={new Map([['chn_a', 'Ops mail']])}
          onAction={onAction}
          onDone={() => {}}
        />
      </QueryClientProvider>,
    )
    const rowOf = (description: string) => screen.getByRole('row', { name: new RegExp(description) })
    const buttonsOf = (description: string) =>
      within(rowOf(description))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label'))
    for (const one of [percent, projected])
      expect(buttonsOf(one.description)).toEqual([`Edit rule: ${one.description}`, `Delete: ${one.description}`])
    expect(rowOf(percent.description).textContent).toContain('Ops mail')
    expect(rowOf(projected.description).textContent).toContain('Every channel')
    expect(rowOf(nowhere.description).textContent).toContain('No channel (the banner only)')

    await userEvent.click(screen.getByRole('button', { name: `Edit rule: ${percent.description}` }))
    expect(onAction).toHaveBeenLastCalledWith({ kind: 'edit', rule: percent })
    await userEvent.click(screen.getByRole('button', { name: `Delete: ${projected.description}` }))
    expect(onAction).toHaveBeenLastCalledWith({ kind: 'delete', rule: projected })
  })
})
