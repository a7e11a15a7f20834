// The console names the field of each problem+json error as the body has it: `percent`, `url`,
// `recipients.2`. A form shows each on the control it belongs to, and the rest under the form.

/** The message for a control: its own field's, or the first of a part of it (`recipients.2` for `recipients`). */
export function errorOfField(errors: Readonly<Record<string, string>>, field: string): string | undefined {
  if (errors[field]) return errors[field]
  const part = Object.keys(errors).find((name) => name.startsWith(`${field}.`) || name.startsWith(`${field}[`))
  return part ? errors[part] : undefined
}

/** Messages of fields no control of the form shows (a field the form has no control for), so none is lost. */
export function errorsOfOtherFields(errors: Readonly<Record<string, string>>, fields: readonly string[]): string[] {
  return Object.entries(errors)
    .filter(
      ([name]) =>
        !fields.some((field) => name === field || name.startsWith(`${field}.`) || name.startsWith(`${field}[`)),
    )
    .map(([name, message]) => `${name}: ${message}`)
}

/** What to show under the whole form: the fields no control shows, or the error itself when it named no field. */
export function formLevelError(
  error: Error | null,
  errors: Readonly<Record<string, string>>,
  fields: readonly string[],
): string | null {
  if (!error) return null
  const others = errorsOfOtherFields(errors, fields)
  if (others.length > 0) return others.join(' ')
  return Object.keys(errors).length > 0 ? null : error.message
}

/** A schema's issues keyed like the console's errors (`recipients.2`), the first message of each field. */
export function errorsOfIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of issues) out[issue.path.map(String).join('.')] ??= issue.message
  return out
}
