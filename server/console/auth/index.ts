// auth/'s public entry: what the middleware every route shares (http/) reads of sign-in and sessions. http/ imports
// auth/ only through here (npm run test:deps), so auth/ may rearrange its insides without breaking it.
export type { SessionEnv } from './require-session'
