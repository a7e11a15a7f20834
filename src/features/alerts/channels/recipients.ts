// An email channel's recipients as a person types them: one field, addresses apart by commas,
// semicolons, spaces or lines (as pasted from a mail client).

export function parseRecipients(text: string): string[] {
  const addresses = text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean)
  // The same address twice would get the mail twice.
  return [...new Set(addresses.map((address) => address.toLowerCase()))].map(
    (lower) => addresses.find((address) => address.toLowerCase() === lower) as string,
  )
}
