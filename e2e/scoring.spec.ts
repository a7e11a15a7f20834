// Issue 53, item 6: call scoring, by role. An admin writes a scorecard on /scorecards (from their menu); a support
// agent's recorded call is scored by a manager from its page while its recording plays; the agent reads the score on
// the same page, with nothing to change; the manager finds the period's call scores on /usage. axe at 1366x768 and a
// phone.
import { randomInt } from 'node:crypto'
import { NUMBERS, placeCall } from './support/api'
import { axeViolations } from './support/axe'
import { recordingPlayer } from './support/recording'
import { expect, openUserMenu, signedInAs, test } from './support/test'

test.use({ ...signedInAs('admin'), viewport: { width: 1366, height: 768 } })

test('an admin writes a scorecard, a manager scores a recorded call while it plays, and its agent reads the score', async ({
  page,
  browser,
}) => {
  // A name of its own: other runs of this journey, in parallel or before, write theirs.
  const name = `Quality ${randomInt(1_000_000)}`
  // The agent's recorded call, placed as they would, first: it rings and ends while the admin writes the scorecard.
  const agentContext = await browser.newContext({ ...signedInAs('support'), viewport: { width: 390, height: 844 } })
  const managerContext = await browser.newContext({ ...signedInAs('manager'), viewport: { width: 1366, height: 768 } })
  try {
    const call = await placeCall(agentContext.request, { destination: NUMBERS.answers, record: true })
    await page.goto('/calls')
    await openUserMenu(page)
    await page.getByRole('navigation', { name: 'More pages' }).getByRole('link', { name: 'Scorecards' }).click()
    await expect(page.getByRole('heading', { name: 'Scorecards', level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'New scorecard' }).click()
    const writing = page.getByRole('dialog', { name: 'New scorecard' })
    await writing.getByLabel('Name').fill(name)
    const first = writing.getByRole('group', { name: 'Question 1' })
    await first.getByLabel('Question').fill('Greeted the callee by name')
    await writing.getByRole('button', { name: 'Add a question' }).click()
    const second = writing.getByRole('group', { name: 'Question 2' })
    await second.getByLabel('Question').fill('Confirmed the address')
    await second.getByLabel('Answered as').selectOption('Yes or no')
    await second.getByLabel('Weight').fill('3')
    expect(await axeViolations(page)).toEqual([])
    await writing.getByRole('button', { name: 'Save scorecard' }).click()
    await expect(writing).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: /./ })).toHaveText(`“${name}” saved as version 1.`)
    await expect(page.getByRole('region', { name })).toContainText('Confirmed the address (yes or no, weight 3)')
    expect(await axeViolations(page)).toEqual([])

    const manager = await managerContext.newPage()
    await manager.goto(`/calls/${call.call_id}`)
    await expect(manager.getByText('Call status: Completed')).toBeAttached({ timeout: 30_000 })
    const { recording, play } = recordingPlayer(manager)
    await play.click()
    const audio = recording.locator('audio')
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused)).toBe(true)

    // Scored while it plays: the panel is right under the player, which stays in reach.
    const panel = manager.getByRole('region', { name: 'Score this call' })
    await panel.getByLabel('Scorecard').selectOption({ label: name })
    await panel
      .getByRole('group', { name: /Greeted the callee by name/ })
      .getByRole('radio', { name: '4' })
      .check()
    await panel
      .getByRole('group', { name: /Confirmed the address/ })
      .getByRole('radio', { name: 'Yes' })
      .check()
    await panel.getByLabel('Comment').fill('Warm greeting; read the address back.')
    await expect(recording.getByRole('button', { name: 'Pause' })).toBeVisible()
    expect(await axeViolations(manager)).toEqual([])
    await panel.getByRole('button', { name: 'Save score' }).click()
    // 4 of 5 is 0.75 of its best (weight 1), yes all of it (weight 3): 3.75 of 4, reckoned by the console.
    await expect(panel.getByRole('status')).toHaveText(`Score saved: 93.8% on ${name}.`)
    await expect(panel.getByRole('article', { name: `${name} by manager@e2e.test` })).toContainText('93.8%')
    await recording.getByRole('button', { name: 'Pause' }).click()
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true)

    // The agent who placed it reads the score on a phone, with nothing to change.
    const agent = await agentContext.newPage()
    await agent.goto(`/calls/${call.call_id}`)
    const scores = agent.getByRole('region', { name: 'Scores' })
    await expect(scores.getByRole('article', { name: `${name} by manager@e2e.test` })).toContainText(
      'Warm greeting; read the address back.',
    )
    await expect(scores.getByLabel('Scorecard')).toHaveCount(0)
    await expect(agent.getByRole('region', { name: 'Score this call' })).toHaveCount(0)
    expect(await axeViolations(agent)).toEqual([])

    // The period's call scores, on the manager's /usage.
    await manager.goto('/usage')
    const summary = manager.getByRole('region', { name: 'Call scores' })
    await expect(summary.getByRole('link', { name: 'Download scores (CSV)' })).toBeVisible()
    expect(await axeViolations(manager)).toEqual([])
  } finally {
    await agentContext.close()
    await managerContext.close()
  }
})
