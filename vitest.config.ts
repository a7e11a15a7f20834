import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    // Each project names its own files (an include here would be merged into both);
    // e2e/ belongs to Playwright.
    projects: [
      {
        extends: true,
        test: { name: 'server', include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
