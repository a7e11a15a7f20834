/** An error in its own words, with the HTTP status when it carries one (an ApiError does). */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : 'An unexpected error occurred.'
  const status = httpStatusOf(error)
  return `${message}${status ? ` (HTTP ${status})` : ''}`
}

// Read by shape, so this pure helper needs nothing of the HTTP client.
function httpStatusOf(error: unknown): number | null {
  const status = error instanceof Error ? (error as { status?: unknown }).status : undefined
  return typeof status === 'number' && status > 0 ? status : null
}
