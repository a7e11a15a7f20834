// Invites by email through the Users routes, to a real SMTP server on loopback.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { inviteResponse } from '../../../src/api/contract/user-change-schemas'
import { usersResponse } from '../../../src/api/contract/users-schemas'
import { createAlertDelivery } from '../alerts/delivery/delivery'
import { createAuditLog } from '../audit/audit-log'
import { createLogger } from '../http/request-log'
import { createTestConsole, expectProblem, type TestConsole } from '../test-support/console-app'
import { mailPart, type SmtpSink, startSmtpSink } from '../test-support/smtp-sink'
import { openTestStore } from '../test-support/test-store'

let sink: SmtpSink
const cleanup: (() => Promise<unknown>)[] = []
beforeEach(async () => {
  sink = await startSmtpSink()
  cleanup.push(sink.close)
})
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close()
})

async function consoleWithSmtp(smtp: boolean): Promise<{ t: TestConsole; admin: string }> {
  const store = await openTestStore()
  const audit = createAuditLog(store)
  const alertDelivery = createAlertDelivery({
    store,
    audit,
    logger: createLogger('off'),
    config: {
      smtp: smtp ? { smtpUrl: sink.url, from: 'Voice Dashboard <console@example.com>' } : null,
      allowPrivate: false,
      consoleUrl: 'http://localhost:4173',
    },
  })
  cleanup.push(async () => {
    await alertDelivery.close()
    await store.close()
  })
  const t = await createTestConsole({ store, audit, alertDelivery })
  await t.addUser('root@example.com', 'admin')
  return { t, admin: await t.signIn('root@example.com') }
}

const linkIn = (raw: string) =>
  /http:\/\/localhost:4173\/set-up#token=[A-Za-z0-9_-]+/.exec(mailPart(raw, 'text/plain'))?.[0]

describe('invites by email', () => {
  it('emails the one-time link when asked, shows it once to the admin too, and audits it', async () => {
    const { t, admin } = await consoleWithSmtp(true)
    const list = usersResponse.parse(await (await t.request('/api/console/users', { cookie: admin })).json())
    expect(list.emailConfigured).toBe(true)

    const res = await t.request('/api/console/users/invites', {
      json: { email: 'New.Person@Example.com', role: 'manager', sendEmail: true },
      cookie: admin,
    })
    expect(res.status).toBe(201)
    const invite = inviteResponse.parse(await res.json())
    expect(invite).toMatchObject({ email: 'new.person@example.com', emailed: true, emailError: null })
    expect(sink.messages).toHaveLength(1)
    const [mail] = sink.messages
    expect(mail?.to).toEqual(['new.person@example.com'])
    expect(mail?.raw).toMatch(/^Subject: Your invitation to the Voice Dashboard console/m)
    expect(linkIn(mail?.raw ?? '')).toBe(invite.link)
    const entry = (await t.store.audit.page({}, 10)).find((row) => row.action === 'user.invited')
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({ emailed: true, smtpStatus: 250 })
    expect(entry?.detail).not.toContain('token')
  })

  it('re-sends a pending invite with a new link that replaces the last', async () => {
    const { t, admin } = await consoleWithSmtp(true)
    const first = inviteResponse.parse(
      await (
        await t.request('/api/console/users/invites', {
          json: { email: 'amy@example.com', role: 'support' },
          cookie: admin,
        })
      ).json(),
    )
    expect(first.emailed).toBe(false)
    expect(sink.messages).toHaveLength(0)

    const res = await t.request('/api/console/users/invites/resend', {
      json: { email: 'amy@example.com' },
      cookie: admin,
    })
    expect(res.status).toBe(201)
    const again = inviteResponse.parse(await res.json())
    expect(again).toMatchObject({ role: 'support', replaced: true, emailed: true })
    expect(again.link).not.toBe(first.link)
    expect(linkIn(sink.messages[0]?.raw ?? '')).toBe(again.link)
    // The old link no longer works.
    const token = first.link.split('#token=')[1]
    expect((await t.request('/api/console/set-up/check', { json: { token } })).status).toBe(410)
    expect((await t.store.audit.page({}, 10)).some((row) => row.action === 'user.invite-resent')).toBe(true)

    const none = await t.request('/api/console/users/invites/resend', {
      json: { email: 'nobody@example.com' },
      cookie: admin,
    })
    await expectProblem(none, 404)
  })

  it('says which setting is missing without SMTP', async () => {
    const { t, admin } = await consoleWithSmtp(false)
    const list = usersResponse.parse(await (await t.request('/api/console/users', { cookie: admin })).json())
    expect(list.emailConfigured).toBe(false)
    const asked = await t.request('/api/console/users/invites', {
      json: { email: 'amy@example.com', role: 'support', sendEmail: true },
      cookie: admin,
    })
    expect((await expectProblem(asked, 400)).detail).toContain('CONSOLE_SMTP_URL')
    const resend = await t.request('/api/console/users/invites/resend', {
      json: { email: 'amy@example.com' },
      cookie: admin,
    })
    expect((await expectProblem(resend, 400)).detail).toContain('CONSOLE_SMTP_URL')
  })
})
