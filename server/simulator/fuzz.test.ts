// Fuzzing in `npm test`: every property of fuzz-properties.ts, at a depth that keeps the
// suite quick; fuzz.hard.test.ts runs the same properties at 1,000 cases each.
import { defineFuzzSuite } from './test-support/fuzz-properties'

defineFuzzSuite(120)
