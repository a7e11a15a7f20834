import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite'

/**
 * The browser runs React's API on Preact's compatibility layer (preact/compat, React 19's hooks included): react,
 * react-dom and scheduler were 69 KB gzip of every page's entry, Preact 9.8 (bench/README.md, test:size). Our code,
 * TanStack Router and Query, Recharts, cmdk and sonner import `react` as before, and the types stay React's.
 */
export const reactOnPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
]

const alias = [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...reactOnPreact]

/**
 * The sign-in document (sign-in.html, src/sign-in-document/): what a cold /sign-in loads, React and the form
 * without the dashboard's router and queries. Built on its own, into the same folder: in the dashboard's build,
 * the entry's chunk takes everything any entry imports at start (below), the whole dashboard for this page too.
 */
export function signInDocumentBuild(
  outDir: string,
  extra: InlineConfig['build'] = {},
  dashboardEntry?: string,
): InlineConfig {
  return {
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), tailwindcss(), prefetchDashboard(dashboardEntry)],
    resolve: { alias },
    build: {
      outDir,
      emptyOutDir: false,
      sourcemap: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: { 'sign-in-document': fileURLToPath(new URL('./sign-in.html', import.meta.url)) },
        // The stylesheet is the dashboard's own (Tailwind reads the same sources): under the dashboard's name, the
        // file of the same content is one URL, cached once for both.
        output: {
          assetFileNames: (asset) => `assets/${asset.names[0]?.endsWith('.css') ? 'index' : '[name]'}-[hash][extname]`,
        },
      },
      ...extra,
    },
  }
}

/**
 * Once the sign-in page has shown, the browser fetches the dashboard's entry while nobody needs the network
 * (prefetch: lowest priority), so the page after signing in finds it cached (hashed files are immutable).
 */
function prefetchDashboard(entry: string | undefined): Plugin {
  return {
    name: 'voice-dashboard:prefetch-dashboard',
    transformIndexHtml: () =>
      entry
        ? [
            {
              tag: 'link',
              attrs: { rel: 'prefetch', href: `/${entry}`, as: 'script', crossorigin: '' },
              injectTo: 'head',
            },
          ]
        : [],
  }
}

/** Every `vite build` of the dashboard builds the sign-in document after it, beside it. */
function withSignInDocument(): Plugin {
  let outDir = ''
  let dashboardEntry: string | undefined
  return {
    name: 'voice-dashboard:sign-in-document',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : `${config.root}/${config.build.outDir}`
    },
    generateBundle: (_options, bundle) => {
      dashboardEntry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry)?.fileName
    },
    closeBundle: async () => {
      await build(signInDocumentBuild(outDir, {}, dashboardEntry))
    },
  }
}

/**
 * Vite's helper behind every lazy `import()` (its __vitePreload) in a smaller form, src/lib/preload-chunks.ts, which
 * says what it leaves out: 0.54 KB gzip less of every page's entry on 2026-12-06 (cold /calls 149.71 to 149.21).
 * The build fails if a lazy chunk ever imports a stylesheet, which that one does not wait for.
 */
function slimPreloadHelper(): Plugin {
  const vitesHelper = '\0vite/preload-helper.js'
  return {
    name: 'voice-dashboard:slim-preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) =>
      id === vitesHelper ? fileURLToPath(new URL('./src/lib/preload-chunks.ts', import.meta.url)) : undefined,
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        const css = file.type === 'chunk' && !file.isEntry ? [...(file.viteMetadata?.importedCss ?? [])] : []
        if (css.length > 0)
          this.error(`${file.fileName} imports ${css.join(', ')}: preload-chunks.ts does not wait for stylesheets`)
      }
    },
  }
}

// `npm run dev` (scripts/dev.ts) adds the proxy to the console server; `npm start` serves the build.
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    slimPreloadHelper(),
    withSignInDocument(),
  ],
  resolve: { alias },
  build: {
    sourcemap: false,
    // Vite's polyfill of <link rel=modulepreload> rode in every page's entry (0.2 KB gzip) for Firefox before 115 and
    // Safari before 17; current browsers preload modules themselves. Without it such an old browser still loads
    // every chunk, only one import after the other rather than all at once.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into the entry chunk. Left to itself, rolldown
        // splits what the entry shares with lazy chunks into small shared chunks that every page fetches.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
        // A lazy chunk's file is named by its hash alone: the entry lists every chunk's file, to preload it with its
        // importer (Vite's __vite__mapDeps, 70 files on 2026-12-06), and the names in those files were 0.55 KB gzip
        // of every page's entry (0.67 of a cold /calls, its chunks' imports too). `npm run test:size` says what each holds.
        // Seven characters, not eight: one fewer in each of the entry's 77 names is about 0.1 KB gzip of every page (what
        // issue 52's /do-not-call route added, 2026-12-06). 42 bits still tell ~100 files apart; rolldown refuses 7 only
        // past 4,095 chunks (and 6 past 63: it needs the room for its placeholders).
        chunkFileNames: 'assets/[hash:7].js',
      },
    },
  },
})
