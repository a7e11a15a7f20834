import type { SetupResponse } from '@/api/contract/console-schemas'
import type { SignInBody } from '@/api/contract/sign-in-schemas'
import { Button } from '@/components/ui/button'

const ROLE_WORK = {
  support: 'places and watches calls',
  manager: 'reads usage',
  admin: 'manages caller IDs',
} as const

/** `npm start` only: the demo users, one click each. */
export function DemoSignIn({
  users,
  pending,
  onSignIn,
}: {
  users: SetupResponse['demoUsers']
  pending: boolean
  onSignIn: (body: SignInBody) => void
}) {
  return (
    <section aria-labelledby="demo-title" className="space-y-3">
      <h2 id="demo-title" className="text-sm font-semibold">
        Demo users
      </h2>
      <ul className="space-y-2">
        {users.map((user) => (
          <li key={user.email} className="flex items-center justify-between gap-3">
            <span className="text-sm">
              <span className="font-medium capitalize">{user.role}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {user.email}: {ROLE_WORK[user.role]}
              </span>
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={pending}
              onClick={() => onSignIn({ email: user.email, password: user.password })}
            >
              Sign in as {user.role}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
