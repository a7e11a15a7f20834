// undici's Pool alone. The package's root (`import { Pool } from 'undici'`) also loads its fetch, WebSocket,
// EventSource, cache and mock code, which the console never calls (it has node's own fetch for that): measured
// in a bare node with the console's other packages, the root took 2.1 MB more heap and about 4 MB more RSS than
// this file. The path is undici's own (lib/dispatcher/pool.js since 6.0; the package has no exports map), and
// `undici-pool.test.ts` checks it is the root's Pool, so an upgrade that moves it fails there, not in production.
import { createRequire } from 'node:module'
import type { Pool as UndiciPool } from 'undici'

// Without the root, a Pool has no request(), stream() or pipeline() (the root adds them to every dispatcher): the
// type offers only what this file's Pool has and the console uses.
export type Pool = Pick<UndiciPool, 'dispatch' | 'close' | 'destroy'>
export const Pool: new (origin: string, options?: PoolOptions) => Pool = createRequire(import.meta.url)(
  'undici/lib/dispatcher/pool.js',
)
export type PoolOptions = UndiciPool.Options
