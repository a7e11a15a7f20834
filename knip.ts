import type { KnipConfig } from 'knip'

// Dead code, unused dependencies and exports used nowhere but their own file (npm run test:knip, in npm test).
// Entries knip finds by itself are not repeated: the Vite app (index.html), what package.json's scripts run
// (the servers, the CLI, scripts/, bench/), vitest's test files and the Playwright configs named below.
const config: KnipConfig = {
  entry: [
    // The sign-in document's script, named by sign-in.html, which vite.config.ts builds on its own.
    'src/sign-in-document/main.tsx',
    // Built by scripts/build-server.ts (esbuild's entry points), then run as build/console/index.mjs.
    'server/console/index.ts',
    // Started as child processes by path, which knip cannot follow: the live bench's console
    // (`node --import tsx <file>`) and the Firefox relay (e2e/browsers/firefox-relayed, a shell script).
    'bench/live/console-process.ts',
    'e2e/browsers/firefox-bidi-relay.ts',
    // Playwright's testMatch is a regular expression in each config, which knip's plugin does not read.
    'e2e/**/*.{spec,setup,journey}.ts',
  ],
  project: ['src/**/*.{ts,tsx,css}', 'server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
  playwright: {
    config: ['playwright.config.ts', 'e2e/cluster/playwright.config.ts', 'e2e/browsers/playwright.config.ts'],
  },
  // Debian's programs the browser journeys start (.ci/run installs them), not npm packages.
  ignoreBinaries: ['pulseaudio', 'WebKitWebDriver'],
}

export default config
