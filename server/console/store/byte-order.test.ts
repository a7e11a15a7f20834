// PostgreSQL databases that sort text by a language's rules are refused at open, with what to create instead:
// one made with an ICU collation (whose LC_COLLATE still reads 'C') as much as one with a libc language locale.
// Byte order (C, and C.UTF-8 which sorts by code point) opens. Throw-away databases on the suite's cluster.
import { describe, expect, it } from 'vitest'
import { newStoreLocation } from '../test-support/store-at-migration'
import { onPostgres } from '../test-support/test-store'
import { openStore } from '.'

describe.runIf(onPostgres())('a PostgreSQL database’s text order', () => {
  it('refuses an ICU collation, naming the order it saw and the one it needs', async () => {
    const location = await newStoreLocation("locale_provider icu icu_locale 'en-US' lc_collate 'C' lc_ctype 'C'")
    await expect(openStore(location, undefined, { connections: 1 })).rejects.toThrow(
      "The console's PostgreSQL database sorts text by a language's rules (_ a A ä b B; its collation: C, or an ICU locale); the console needs byte order (A B _ a b ä). Create it with: CREATE DATABASE <name> TEMPLATE template0 LOCALE_PROVIDER libc LC_COLLATE 'C' LC_CTYPE 'C.UTF-8';",
    )
  })

  it('opens a database in byte order, C or C.UTF-8', async () => {
    for (const options of ["lc_collate 'C' lc_ctype 'C'", "lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'"]) {
      const store = await openStore(await newStoreLocation(options), undefined, { connections: 1 })
      await store.close()
    }
  })
})
