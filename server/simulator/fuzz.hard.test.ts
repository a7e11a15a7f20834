// Fuzzing in `npm run test:hard`: the properties of fuzz.test.ts at 1,000 cases each, so
// every operation meets at least 2,000 hostile requests.
import { defineFuzzSuite } from './test-support/fuzz-properties'

defineFuzzSuite(1_000)
