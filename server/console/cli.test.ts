import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type CliIo, runCli } from './cli'
import type { ConsoleStore } from './store'
import { openTestStore } from './test-support/test-store'

let store: ConsoleStore
let out: string[]
let err: string[]
let prompts: string[]

/** A terminal that types `password` at the prompt and records what was printed. */
const io = (password = 'a long enough password'): CliIo => ({
  readPassword: async (prompt) => {
    prompts.push(prompt)
    return password
  },
  out: (line) => out.push(line),
  err: (line) => err.push(line),
})

beforeEach(async () => {
  store = await openTestStore()
  out = []
  err = []
  prompts = []
})
afterEach(() => store.close())

const addSession = async (email: string, idHash: string) => {
  const user = await store.users.byEmail(email)
  const now = Date.now()
  await store.sessions.insert({
    id_hash: idHash,
    user_id: user?.id ?? '',
    created_at: now,
    last_seen_at: now,
    expires_at: now + 60_000,
  })
}

describe('npm run console -- users add', () => {
  it('adds a person with the password from the prompt, never from an argument', async () => {
    expect(await runCli(['users', 'add', 'Root@Example.com', '--role', 'admin'], store, io())).toBe(0)
    expect(out).toEqual(['Added root@example.com as admin.'])
    expect(prompts).toEqual(['Password: '])
    const user = await store.users.byEmail('root@example.com')
    expect(user?.role).toBe('admin')
    expect(user?.password_hash).toMatch(/^\$argon2id\$/)
  })

  it('refuses a password shorter than 12 characters, and adds nobody', async () => {
    expect(await runCli(['users', 'add', 'a@example.com', '--role', 'support'], store, io('elevenchars'))).toBe(2)
    expect(err).toEqual(['The password must have at least 12 characters.'])
    expect(await store.users.count()).toBe(0)
    expect(await runCli(['users', 'add', 'a@example.com', '--role', 'support'], store, io('twelve chars'))).toBe(0)
  })

  it('refuses an email that already has an account, whatever its case', async () => {
    await runCli(['users', 'add', 'a@example.com', '--role', 'support'], store, io())
    expect(await runCli(['users', 'add', 'A@EXAMPLE.com', '--role', 'admin'], store, io())).toBe(2)
    expect(err).toEqual(['A@EXAMPLE.com already has an account.'])
    expect((await store.users.byEmail('a@example.com'))?.role).toBe('support')
  })

  it('refuses a missing or unknown role, and a missing email', async () => {
    expect(await runCli(['users', 'add', 'a@example.com'], store, io())).toBe(2)
    expect(await runCli(['users', 'add', 'a@example.com', '--role', 'owner'], store, io())).toBe(2)
    expect(await runCli(['users', 'add', '--role', 'admin'], store, io())).toBe(2)
    expect(err[0]).toBe('The role must be one of: support, manager, admin.')
    expect(await store.users.count()).toBe(0)
  })

  it('refuses an unknown flag or a flag without its value, with the usage', async () => {
    expect(await runCli(['users', 'add', 'a@example.com', '--role', 'admin', '--owner'], store, io())).toBe(2)
    expect(err.at(-1)).toMatch(/Unknown option '--owner'[\s\S]*Usage: npm run console/)
    expect(await runCli(['users', 'add', 'a@example.com', '--role'], store, io())).toBe(2)
    expect(err.at(-1)).toMatch(/--role/)
    expect(await store.users.count()).toBe(0)
  })
})

describe('npm run console -- users list, set-role, deactivate', () => {
  beforeEach(async () => {
    await runCli(['users', 'add', 'b@example.com', '--role', 'manager'], store, io())
    await runCli(['users', 'add', 'a@example.com', '--role', 'support'], store, io())
    out = []
  })

  it('lists everyone by email, with role and state', async () => {
    expect(await runCli(['users', 'list'], store, io())).toBe(0)
    expect(out).toEqual(['a@example.com\tsupport\tactive', 'b@example.com\tmanager\tactive'])
  })

  it('says so when there is nobody', async () => {
    const empty = await openTestStore()
    await runCli(['users', 'list'], empty, io())
    expect(out).toEqual(['No users yet.'])
    await empty.close()
  })

  it('changes a role', async () => {
    expect(await runCli(['users', 'set-role', 'a@example.com', 'admin'], store, io())).toBe(0)
    expect(out).toEqual(['a@example.com is now admin.'])
    expect((await store.users.byEmail('a@example.com'))?.role).toBe('admin')
    expect(await runCli(['users', 'set-role', 'nobody@example.com', 'admin'], store, io())).toBe(2)
    expect(await runCli(['users', 'set-role', 'a@example.com', 'root'], store, io())).toBe(2)
  })

  it('deactivates a person and ends their sessions, leaving the others signed in', async () => {
    await addSession('a@example.com', 'hash-a-1')
    await addSession('a@example.com', 'hash-a-2')
    await addSession('b@example.com', 'hash-b-1')
    expect(await runCli(['users', 'deactivate', 'a@example.com'], store, io())).toBe(0)
    expect(out).toEqual(['a@example.com is deactivated; 2 session(s) ended.'])
    expect((await store.users.byEmail('a@example.com'))?.active).toBe(0)
    expect(await store.sessions.find('hash-a-1')).toBeUndefined()
    expect(await store.sessions.find('hash-b-1')).toBeDefined()
    await runCli(['users', 'list'], store, io())
    expect(out).toContain('a@example.com\tsupport\tdeactivated')
    expect(await runCli(['users', 'activate', 'a@example.com'], store, io())).toBe(0)
    expect((await store.users.byEmail('a@example.com'))?.active).toBe(1)
  })

  it('sets a new password and ends the sessions that knew the old one', async () => {
    const before = (await store.users.byEmail('a@example.com'))?.password_hash
    await addSession('a@example.com', 'hash-a-1')
    expect(await runCli(['users', 'set-password', 'a@example.com'], store, io('another long password'))).toBe(0)
    expect((await store.users.byEmail('a@example.com'))?.password_hash).not.toBe(before)
    expect(await store.sessions.find('hash-a-1')).toBeUndefined()
  })
})

describe('npm run console -- sessions end', () => {
  it('signs a person out everywhere and says how many sessions ended', async () => {
    await runCli(['users', 'add', 'a@example.com', '--role', 'support'], store, io())
    await addSession('a@example.com', 'hash-1')
    await addSession('a@example.com', 'hash-2')
    out = []
    expect(await runCli(['sessions', 'end', 'a@example.com'], store, io())).toBe(0)
    expect(out).toEqual(['2 session(s) of a@example.com ended.'])
    expect(await store.sessions.find('hash-1')).toBeUndefined()
    expect(await runCli(['sessions', 'end', 'nobody@example.com'], store, io())).toBe(2)
    expect(err).toEqual(['No user has the email nobody@example.com.'])
  })
})

describe('a command it does not know', () => {
  for (const args of [[], ['users'], ['users', 'remove', 'a@example.com'], ['help']]) {
    it(`prints the usage and exits 2 for \`${args.join(' ') || '(nothing)'}\``, async () => {
      expect(await runCli(args, store, io())).toBe(2)
      expect(err[0]).toMatch(/^Usage: npm run console -- <command>/)
      expect(err[0]).toContain('users add EMAIL --role support|manager|admin')
      expect(out).toEqual([])
    })
  }
})

describe('the Users page rules, from the shell', () => {
  beforeEach(async () => {
    await runCli(['users', 'add', 'root@example.com', '--role', 'admin'], store, io())
    await runCli(['users', 'add', 'a@example.com', '--role', 'support'], store, io())
    out = []
  })

  it('never leaves the console without an active admin', async () => {
    expect(await runCli(['users', 'set-role', 'root@example.com', 'manager'], store, io())).toBe(2)
    expect(await runCli(['users', 'deactivate', 'root@example.com'], store, io())).toBe(2)
    expect(err).toEqual([
      'root@example.com is the only active admin. Make someone else an admin first.',
      'root@example.com is the only active admin. Make someone else an admin first.',
    ])
    const root = await store.users.byEmail('root@example.com')
    expect([root?.role, root?.active]).toEqual(['admin', 1])
    await runCli(['users', 'set-role', 'a@example.com', 'admin'], store, io())
    expect(await runCli(['users', 'deactivate', 'root@example.com'], store, io())).toBe(0)
  })

  it('records every change in the audit trail, with no actor and via cli', async () => {
    await addSession('a@example.com', 'hash-a-1')
    await runCli(['users', 'set-role', 'a@example.com', 'manager'], store, io())
    await runCli(['users', 'set-password', 'a@example.com'], store, io())
    await runCli(['users', 'deactivate', 'a@example.com'], store, io())
    await runCli(['users', 'activate', 'a@example.com'], store, io())
    await runCli(['sessions', 'end', 'a@example.com'], store, io())
    await runCli(['users', 'set-role', 'root@example.com', 'support'], store, io())
    const entries = (await store.audit.ascending(0, 100)).map((row) => ({
      action: row.action,
      actor: row.actor_user_id,
      target: row.target,
      outcome: row.outcome,
      detail: JSON.parse(row.detail ?? 'null'),
    }))
    expect(entries).toEqual([
      {
        action: 'user.set-up',
        actor: null,
        target: 'root@example.com',
        outcome: 200,
        detail: { role: 'admin', via: 'cli' },
      },
      {
        action: 'user.set-up',
        actor: null,
        target: 'a@example.com',
        outcome: 200,
        detail: { role: 'support', via: 'cli' },
      },
      {
        action: 'user.role-changed',
        actor: null,
        target: 'a@example.com',
        outcome: 200,
        detail: { from: 'support', to: 'manager', via: 'cli' },
      },
      {
        action: 'user.password-set',
        actor: null,
        target: 'a@example.com',
        outcome: 200,
        detail: { sessionsEnded: 1, via: 'cli' },
      },
      {
        action: 'user.deactivated',
        actor: null,
        target: 'a@example.com',
        outcome: 200,
        detail: { sessionsEnded: 0, via: 'cli' },
      },
      { action: 'user.reactivated', actor: null, target: 'a@example.com', outcome: 200, detail: { via: 'cli' } },
      {
        action: 'sessions.ended',
        actor: null,
        target: 'a@example.com',
        outcome: 200,
        detail: { count: 0, via: 'cli' },
      },
      {
        action: 'user.role-changed',
        actor: null,
        target: 'root@example.com',
        outcome: 409,
        detail: { from: 'admin', to: 'support', refused: 'last-admin', via: 'cli' },
      },
    ])
  })
})
