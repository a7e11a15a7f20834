// Key material that must never reach the browser bundle: the server-side proxy holds the key.

export interface BuiltFile {
  path: string
  text: string
}

export interface Needle {
  /** How a finding is reported: a configured key is never printed. */
  label: string
  text: string
}

export interface SecretFinding {
  path: string
  label: string
}

/** The strings that give a key away: the demo keys' prefix, a bearer header, and the configured key. */
export function secretNeedles(configuredKey: string | undefined): Needle[] {
  const needles = [
    { label: 'sim_demo_key_', text: 'sim_demo_key_' },
    { label: 'Bearer sim_', text: 'Bearer sim_' },
  ]
  if (configuredKey) needles.push({ label: 'the VOICE_API_KEY value', text: configuredKey })
  return needles
}

export function findSecrets(files: readonly BuiltFile[], needles: readonly Needle[]): SecretFinding[] {
  return files.flatMap((file) =>
    needles.filter((needle) => file.text.includes(needle.text)).map(({ label }) => ({ path: file.path, label })),
  )
}
