/** A new install has nobody to sign in as: say how the first admin is added, on the server. */
export function FirstAdminHint() {
  return (
    <section
      aria-labelledby="first-admin-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="first-admin-title" className="font-semibold">
        No one has an account yet
      </h2>
      <p className="mt-1">An admin adds the first account on the server, then signs in here:</p>
      <pre className="mt-2 whitespace-pre-wrap break-all rounded bg-white/70 p-2 text-xs dark:bg-black/30">
        <code>npm run console -- users add you@example.com --role admin</code>
      </pre>
    </section>
  )
}
