// The demo provider's sign-in page: labelled fields (the Playwright journey finds them by
// label), and the demo people listed, since this provider exists to be tried.
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

export function interactionPage(
  uid: string,
  people: { email: string; password: string; groups: string[] }[],
  error?: string,
): string {
  const rows = people
    .map(
      (person) =>
        `<tr><td>${escapeHtml(person.email)}</td><td>${escapeHtml(person.password)}</td><td>${escapeHtml(person.groups.join(', ') || '(none)')}</td></tr>`,
    )
    .join('')
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in · Demo identity provider</title>
<style>body{font:16px system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}label{display:block;margin-top:1rem}input{font:inherit;width:100%;padding:.4rem}button{font:inherit;margin-top:1rem;padding:.4rem 1rem}table{border-collapse:collapse;margin-top:2rem;font-size:14px}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left}</style>
</head>
<body><main>
<h1>Demo identity provider</h1>
<p>A loopback OpenID provider for trying single sign-on. It is not a real account system.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="off" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form>
<table><caption>Demo people</caption><thead><tr><th>Email</th><th>Password</th><th>Groups</th></tr></thead><tbody>${rows}</tbody></table>
</main></body></html>`
}
