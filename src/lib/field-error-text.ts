// TanStack Form keeps a field's errors as they came: a Standard Schema issue, or the
// plain text we set for the service's errors. A field shows one message.

interface FieldMetaErrors {
  errors: readonly unknown[]
  errorMap: { onServer?: unknown }
}

const textOf = (error: unknown): string | undefined =>
  typeof error === 'string'
    ? error
    : error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
      ? error.message
      : undefined

/** The message to show: the service's word first, as it saw what was sent; then the first failed check. */
export function fieldErrorText(meta: FieldMetaErrors | undefined): string | undefined {
  if (!meta) return undefined
  return textOf(meta.errorMap.onServer) ?? meta.errors.map(textOf).find(Boolean)
}
