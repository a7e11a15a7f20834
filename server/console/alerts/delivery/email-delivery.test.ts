// Email channels against a real SMTP server on loopback (the smtp-server package).
import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../../../shared/test-support/eventually'
import { addEmail, deliveryUnderTest, firing } from '../../test-support/delivery-fixtures'
import { mailPart as part, type SmtpSink, startSmtpSink } from '../../test-support/smtp-sink'

const cleanup: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close()
})

async function sink(): Promise<SmtpSink> {
  const started = await startSmtpSink()
  cleanup.push(started.close)
  return started
}

describe('email deliveries', () => {
  it('reach a real SMTP server with the subject, plain text and escaped HTML', async () => {
    const smtp = await sink()
    const { store, delivery, attemptsAudited } = await deliveryUnderTest({
      smtp: { smtpUrl: smtp.url, from: 'Voice Dashboard <alerts@example.com>' },
    })
    cleanup.push(() => store.close())
    delivery.start()
    cleanup.push(() => delivery.close())
    await addEmail(store, ['ops@example.com', 'lead@example.com'])
    const message = 'Caller ID +1 555 0100 <script>alert(1)</script> & co is answered less than usual.'
    await delivery.fanOut(firing('fir_mail', message))

    await eventually(() => expect(smtp.messages).toHaveLength(1))
    const [mail] = smtp.messages
    if (!mail) throw new Error('no mail')
    expect(mail.from).toBe('alerts@example.com')
    expect(mail.to).toEqual(['ops@example.com', 'lead@example.com'])
    expect(mail.raw.replace(/\r\n\s+/g, ' ')).toMatch(/^Subject: Voice Dashboard alert: Caller ID \+1 555 0100/m)
    const text = part(mail.raw, 'text/plain')
    expect(text).toContain(message)
    expect(text).toContain('Open the alerts: http://localhost:4173/alerts')
    const html = part(mail.raw, 'text/html')
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; co')
    expect(html).not.toContain('<script>')

    await eventually(async () => {
      const [row] = await store.alertDeliveries.page({ after: null, limit: 1 })
      expect(row).toMatchObject({ channelKind: 'email', status: 'delivered', attempts: 1, responseStatus: 250 })
    })
    // The attempt's audit entry is written after the row's update: wait for it rather than read it at once.
    await eventually(async () =>
      expect((await attemptsAudited())[0]).toMatchObject({ outcome: 250, detail: { status: 'delivered' } }),
    )
  })

  it('retry when the SMTP server cannot be reached, and say so', async () => {
    const smtp = await sink()
    await smtp.close()
    const { store, delivery } = await deliveryUnderTest({
      smtp: { smtpUrl: smtp.url, from: 'alerts@example.com' },
      schedule: [0, 100],
    })
    cleanup.push(() => store.close())
    delivery.start()
    cleanup.push(() => delivery.close())
    await addEmail(store, ['ops@example.com'])
    await delivery.fanOut(firing('fir_mail_down'))
    await eventually(async () => {
      const [row] = await store.alertDeliveries.page({ after: null, limit: 1 })
      expect(row).toMatchObject({ status: 'failed', attempts: 2, responseStatus: null })
      expect(row?.responseExcerpt).toMatch(/refused/i)
    })
  })
})
