import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'

// Hardening tests take minutes; they run in their own project (`npm run test:hard`), not in `npm test`.
const HARD_TESTS = 'server/**/*.hard.test.ts'

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
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [...configDefaults.exclude, HARD_TESTS],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        extends: true,
        test: { name: 'hard', include: [HARD_TESTS], environment: 'node', testTimeout: 600_000 },
      },
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
