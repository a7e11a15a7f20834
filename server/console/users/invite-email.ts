// The email that carries a set-up link: plain text and HTML, every value escaped in the HTML.
import { INVITE_VALID_HOURS } from '../../../src/api/contract/console-schemas'
import { escapeHtml, type MailMessage } from '../email/mailer'

export function inviteEmail(invite: { email: string; role: string; link: string; expiresAt: number }): MailMessage {
  const until = new Date(invite.expiresAt).toISOString()
  const lines = [
    `You are invited to the Voice Dashboard console as ${invite.role}.`,
    `Open this link to choose your password: it works once, within ${INVITE_VALID_HOURS} hours (until ${until} UTC).`,
  ]
  return {
    to: [invite.email],
    subject: 'Your invitation to the Voice Dashboard console',
    text: [...lines, '', invite.link, '', 'If you did not expect this, ignore this email.'].join('\n'),
    html: [
      '<!doctype html><html><body>',
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(invite.link)}">Set up your account</a></p>`,
      `<p>${escapeHtml(invite.link)}</p>`,
      '<p>If you did not expect this, ignore this email.</p>',
      '</body></html>',
    ].join(''),
  }
}
