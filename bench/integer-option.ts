/** A command-line option that must be a whole number in a range; says which and why otherwise. */
export function integerOption(name: string, value: string | undefined, min: number, max: number): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new Error(`--${name} must be an integer from ${min} to ${max}, not ${value}`)
  }
  return number
}
