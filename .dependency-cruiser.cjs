// The architecture rules of STYLE.md, checked in `npm test` (npm run test:deps, scripts/check-deps.ts).
// Paths are relative to the repository root; every rule is an error.

/** The API contract (and the HTTP rules both sides read the same way): the only part of src/ the servers may import. */
const CONTRACT = '^src/api/contract/'
const TEST_FILE = '[.]test[.]tsx?$'
/** Where the servers' test helpers live; tests and other helpers there may import them, product code never. */
const TEST_SUPPORT = '(^|/)test-support/'
/** A test fixture wherever it sits: the helpers' folders, a file named for fixtures, a seed helper. */
// The simulator's db/seed.ts is no fixture: it is the simulator's own demo data, which it ships with.
const FIXTURE = [
  '(^|/)test-support/',
  '(^|/)fixtures?/',
  '[^/]*fixtures?[^/]*$',
  '^server/console/seed[^/]*$',
  '^server/console/.*/seed[^/]*$',
]
// Not anchored: a node_modules reached through a symlink resolves outside the repository.
const NPM = (name) => `(^|/)node_modules/${name}/`

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'spa-no-server',
      comment: 'src/ is the browser bundle: no server code may end up in it.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/', pathNot: '^server/shared/test-support/' },
    },
    {
      name: 'spa-test-support-in-tests-only',
      comment: "src/'s tests share the servers' test helpers (a bounded wait); the bundle's own files may not.",
      severity: 'error',
      from: { path: '^src/', pathNot: TEST_FILE },
      to: { path: '^server/shared/test-support/' },
    },
    {
      name: 'simulator-not-console',
      comment: 'The two servers run and ship apart; the simulator knows nothing of the console.',
      severity: 'error',
      from: { path: '^server/simulator/' },
      to: { path: '^server/console/' },
    },
    {
      name: 'console-not-simulator',
      comment: 'The console talks to the voice API over HTTP only, so it works against the real service too.',
      severity: 'error',
      from: { path: '^server/console/' },
      to: { path: '^server/simulator/' },
    },
    {
      name: 'servers-only-contract-from-src',
      comment: 'The servers share the contract with the SPA (one source for each fact), nothing else of it.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: CONTRACT },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      comment: 'Both the browser and the servers load the contract, so it may import only npm packages (and itself).',
      severity: 'error',
      from: { path: CONTRACT },
      to: { pathNot: [NPM('[^/]+'), CONTRACT] },
    },
    {
      name: 'features-not-each-other',
      comment:
        'A feature is one area of the dashboard: one that imports another cannot change or go without breaking it, ' +
        "and their import chains tangle the pages' bundles. What two share moves to components/, lib/ or live/; " +
        'the routes and the shell put features together.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'shared-parts-know-no-feature',
      comment: 'What features share sits below them: a shared part that imported a feature would tie every page to it.',
      severity: 'error',
      from: { path: '^src/(api|components|lib|live)/' },
      to: { path: '^src/(features|shell|routes)/' },
    },
    {
      name: 'spa-zod-mini',
      comment:
        'src/ writes its schemas with zod/mini: a browser downloads the parts of it a schema uses, but every ' +
        'method of classic zod, about 17 KB gzip, as soon as one file imports it.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: NPM('zod'), pathNot: NPM('zod/(mini|v4/mini|v4/core|v4/locales)') },
    },
    {
      name: 'lib-and-ui-know-no-http',
      comment:
        'src/lib is pure helpers and components/ui shared primitives; HTTP belongs to src/api. They may read the ' +
        'contract, which is pure (zod schemas and the rules both sides read) and knows no HTTP client.',
      severity: 'error',
      from: { path: '^src/(lib|components/ui)/' },
      to: { path: ['^src/api/', NPM('(hono|@hono)')], pathNot: CONTRACT },
    },
    {
      name: 'simulator-domain-pure',
      comment:
        'domain/ is pure functions of data and a clock: other domain files, node:crypto, zod and the contract. ' +
        'Its tests are exempt: they import vitest, which is no part of what the domain computes.',
      severity: 'error',
      from: { path: '^server/simulator/domain/', pathNot: TEST_FILE },
      to: {
        pathNot: ['^server/simulator/domain/', '^(node:)?crypto$', NPM('zod'), '^src/api/contract/schemas[.]ts$'],
      },
    },
    {
      name: 'server-shared-stands-alone',
      comment: 'server/shared/ serves both servers, so it may import neither of them, nor anything of src/.',
      severity: 'error',
      from: { path: '^server/shared/' },
      to: { path: ['^server/(console|simulator)/', '^src/'] },
    },
    {
      name: 'console-store-knows-no-feature',
      comment:
        'The store sits below every capability of the console (alerts, calls, live, reports, ...): they import it, ' +
        'never the other way. A type both need lives in the store or in src/api/contract/.',
      severity: 'error',
      from: { path: '^server/console/store/', pathNot: TEST_FILE },
      to: { path: '^server/console/', pathNot: ['^server/console/store/', TEST_SUPPORT] },
    },
    {
      name: 'console-http-only-auth-entry',
      comment:
        "http/ is the middleware every route shares: it reads sign-in and sessions only through auth/'s public " +
        'entry (auth/index.ts), so auth/ may change its insides without breaking it.',
      severity: 'error',
      from: { path: '^server/console/http/' },
      to: { path: '^server/console/auth/', pathNot: '^server/console/auth/index[.]ts$' },
    },
    {
      name: 'fixtures-only-in-tests',
      comment:
        'Test fixtures (test-support/, files named *fixture*, seed helpers) serve tests: product code that ' +
        'imported one would ship it, and a test would pass for code that never runs in production.',
      severity: 'error',
      from: { path: '^server/', pathNot: [TEST_FILE, TEST_SUPPORT] },
      to: { path: FIXTURE },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes the load order matter and the parts impossible to take apart.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: NPM('.+') },
    // Type-only imports count: a type import of server code would still tie src/ to it.
    tsPreCompilationDeps: true,
    // One tsconfig only: src/ is the one folder that imports through `@/*` (tsconfig.node.json maps it alike).
    tsConfig: { fileName: 'tsconfig.app.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
}
