// A misspelt setting would otherwise fail silently (CONSOLE_DATABSE_URL would leave the console on a SQLite file
// of its own): each is named with the setting it most likely meant.
import { CONSOLE_SETTINGS } from './config'

// Other programs' settings that share the prefixes: the simulator's, and the test suite's.
const NOT_OURS = /^(VOICE_SIM_|CONSOLE_TEST_)/
const OURS = /^(CONSOLE_|VOICE_)/

/** Levenshtein's distance: the fewest letters added, removed or changed to turn one name into the other. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution)
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

function closest(name: string): string {
  let best = CONSOLE_SETTINGS[0] ?? ''
  for (const known of CONSOLE_SETTINGS) if (editDistance(name, known) < editDistance(name, best)) best = known
  return best
}

/** One line for each CONSOLE_* or VOICE_* variable that is no setting, naming the closest one. */
export function settingWarnings(env: Record<string, string | undefined>): string[] {
  const known = new Set<string>(CONSOLE_SETTINGS)
  return Object.keys(env)
    .filter((name) => OURS.test(name) && !NOT_OURS.test(name) && !known.has(name))
    .sort()
    .map((name) => `Warning: ${name} is not a console setting, and is ignored; did you mean ${closest(name)}?`)
}
