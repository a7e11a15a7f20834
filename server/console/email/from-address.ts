// The From of alert and invite emails (CONSOLE_ALERT_EMAIL_FROM): one mailbox, bare or with a display name.
// A relay given anything else either refuses every message (seen only in the deliveries' log) or sends them
// from an address nobody chose.

// RFC 5321's practical shape: a local part without spaces or brackets, @, a domain with a dot.
const MAILBOX = /^[^\s<>@",;]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/
const NAMED = /^([^<>@,;]+|"[^"]*")\s*<([^<>]+)>$/

/** `alerts@example.com` or `Voice Console <alerts@example.com>` (the name may be quoted). */
export function isFromAddress(text: string): boolean {
  const named = NAMED.exec(text.trim())
  return MAILBOX.test(named ? (named[2] ?? '') : text.trim())
}
