// Stands in for Vite's helper behind every lazy `import()` (vite.config.ts, slimPreloadHelper), under the name Vite
// calls: theirs was 1.3 KB gzip of every page's entry on 2026-12-06, for stylesheets of lazy chunks (ours has none:
// the build fails if one does), a CSP nonce (the console allows 'self' scripts, security-headers.ts), relative bases,
// browsers without <link rel=modulepreload>, and a `vite:preloadError` event nobody listens to. A failed import still
// rejects to its importer, as before.

const preloaded = new Set<string>()

/**
 * Imports a lazy chunk, with its own imports (`deps`, as Vite lists them: under the base, without it) fetched at once
 * beside it rather than one after the other as each is parsed; each only once.
 */
function preloadChunks<Module>(load: () => Promise<Module>, deps?: readonly string[]): Promise<Module> {
  for (const dep of deps ?? []) {
    // Vite lists the entry's stylesheet too when a chunk imports from the entry: it is in the page already, and
    // linked as a module it was an error in the console of every page (Lighthouse's errors-in-console).
    if (preloaded.has(dep) || !dep.endsWith('.js')) continue
    preloaded.add(dep)
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = import.meta.env.BASE_URL + dep
    document.head.appendChild(link)
  }
  return load()
}

export { preloadChunks as __vitePreload }
