import type { ConsoleDb } from './database'
import type { SsoSettingsRow } from './schema'

const ID = 'current'

export type SsoSettingsValues = Omit<SsoSettingsRow, 'id' | 'version'>

export function createSsoSettingsQueries(db: ConsoleDb) {
  return {
    /** The row, or undefined before anyone saved one. */
    read: async (): Promise<SsoSettingsRow | undefined> =>
      db.selectFrom('sso_settings').selectAll().where('id', '=', ID).executeTakeFirst(),
    /** Only the version: what an instance that cached the setting asks to know whether it changed. */
    version: async (): Promise<number> => {
      const row = await db.selectFrom('sso_settings').select('version').where('id', '=', ID).executeTakeFirst()
      return row ? Number(row.version) : 0
    },
    /** Saves the whole setting and raises its version. */
    save: async (values: SsoSettingsValues): Promise<void> => {
      await db
        .insertInto('sso_settings')
        .values({ id: ID, version: 1, ...values })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({ ...values, version: eb('sso_settings.version', '+', 1) })),
        )
        .execute()
    },
  }
}
