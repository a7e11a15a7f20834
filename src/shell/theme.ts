// Light/dark theme: follows the system until the person picks one. The choice
// is not a secret, so it may live in localStorage (unlike the API key).
import { useSyncExternalStore } from 'react'

export type Theme = 'light' | 'dark'
const STORAGE_KEY = 'voice-dashboard.theme'
const media = typeof window !== 'undefined' ? window.matchMedia?.('(prefers-color-scheme: dark)') : undefined
const listeners = new Set<() => void>()

function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY)
    return value === 'light' || value === 'dark' ? value : null
  } catch {
    return null
  }
}

function resolvedTheme(): Theme {
  return storedTheme() ?? (media?.matches ? 'dark' : 'light')
}

function apply() {
  document.documentElement.classList.toggle('dark', resolvedTheme() === 'dark')
  document.documentElement.style.colorScheme = resolvedTheme()
  for (const listener of listeners) listener()
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(STORAGE_KEY, theme)
  } catch {
    // Without storage the choice lasts until the page reloads.
  }
  apply()
}

// Runs once when the app loads, before the first paint of the routes.
if (typeof document !== 'undefined') {
  apply()
  media?.addEventListener('change', apply)
}

export function useTheme(): Theme {
  return useSyncExternalStore((listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }, resolvedTheme)
}
