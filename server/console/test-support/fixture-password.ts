// A fixture password's argon2 hash, made once per test worker: the tests add thousands of people with the same few
// passwords, and each hash at production's cost (auth/passwords.ts) takes about 9 ms of CPU. Signing in still
// verifies at that cost. People with the same fixture password share one hash and its salt here, which no real
// sign-up does (each hash has its own salt); no test reads a hash to tell people apart.
import { hashPassword } from '../auth/passwords'

const hashes = new Map<string, Promise<string>>()

export function fixturePasswordHash(password: string): Promise<string> {
  let hash = hashes.get(password)
  if (!hash) {
    hash = hashPassword(password)
    // A failed hash is not kept: the next caller tries again and sees its own error.
    hash.catch(() => hashes.delete(password))
    hashes.set(password, hash)
  }
  return hash
}
