// Set up for each test file of the PostgreSQL project (vitest.config.ts): at its end, the databases its stores
// were made in are dropped, unless still in use (test-store.ts).
import { afterAll } from 'vitest'
import { dropClosedTestDatabases } from './test-store'

afterAll(dropClosedTestDatabases)
