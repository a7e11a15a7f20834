// On PostgreSQL the console leaves backups to PostgreSQL's own tools, and says how: the commands name the database by
// the environment variable, so its password never lands in a terminal's scrollback or the shell's history.

export const postgresBackupSteps = (file: string) => [
  'The console’s store is PostgreSQL: back it up with pg_dump (a consistent snapshot while consoles serve),',
  'in its custom format, readable by you alone (umask 077: it holds password hashes and the device-cookie key):',
  '',
  `  (umask 077 && pg_dump -Fc --no-owner -d "$CONSOLE_DATABASE_URL" -f ${shellWord(file)})`,
  '',
  'Then note the audit head beside it: npm run console -- audit head',
]

export const postgresRestoreSteps = (file: string) => [
  'The console’s store is PostgreSQL: restore it with pg_restore, every console stopped first (on every host):',
  '',
  '  npm run console -- restore --before-pg-restore &&',
  `  pg_restore --clean --if-exists --no-owner -d "$CONSOLE_DATABASE_URL" ${shellWord(file)} &&`,
  `  npm run console -- restore --after-pg-restore ${shellWord(file)}`,
  '',
  'The first line refuses while any console instance runs on the database (it renews its leases there), and',
  'nothing is restored; the last ends every session the dump brought back (everyone signs in again) and writes',
  'the restore’s entry into the audit trail. Then start the consoles.',
]

/** A file name as one shell word. */
const shellWord = (text: string) => (/^[\w./+-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`)
