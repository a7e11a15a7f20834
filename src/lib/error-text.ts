/**
 * An error in its own words: the console's problem+json already says what went wrong and what to do, so the
 * HTTP status (an ApiError carries one) is left to the network log, not shown to a person.
 */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'An unexpected error occurred.'
}
