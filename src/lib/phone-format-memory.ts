// The groups of phone formats this browser has shown (phone-format.ts), so that a returning person's page starts
// fetching them at startup instead of a round trip after its data. Not a secret: only the first digits of calling
// codes. Without storage (private modes, a quota, a policy) the groups are fetched when needed, as on a first visit.
const STORAGE_KEY = 'voice-dashboard.phone-format-groups'
const DIGITS = /^[1-9]*$/

export function rememberedPhoneFormatGroups(): string[] {
  try {
    const value = localStorage.getItem(STORAGE_KEY) ?? ''
    return DIGITS.test(value) ? [...new Set(value)] : []
  } catch {
    return []
  }
}

export function rememberPhoneFormatGroup(digit: string): void {
  const groups = rememberedPhoneFormatGroups()
  if (groups.includes(digit)) return
  try {
    localStorage.setItem(STORAGE_KEY, [...groups, digit].sort().join(''))
  } catch {
    // Remembered for no one: the next visit fetches the group when it needs it.
  }
}
