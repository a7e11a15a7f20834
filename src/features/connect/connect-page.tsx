import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { setApiKey, useConnection } from '@/api/connection'
import { DocumentTitle } from '@/components/document-title'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'

/** Shown instead of any page while the service refuses our key (HTTP 401). */
export function ConnectPage() {
  const { apiKey } = useConnection()
  const queryClient = useQueryClient()
  const router = useRouter()
  const [value, setValue] = useState('')
  const [empty, setEmpty] = useState(false)
  const inputId = useId()
  const hintId = useId()

  async function connect(event: FormEvent) {
    event.preventDefault()
    if (!value.trim()) {
      setEmpty(true)
      return
    }
    setApiKey(value)
    // Everything that failed for want of a key runs again with it.
    await queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' })
    await router.invalidate()
  }

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-16">
      <DocumentTitle override="Connect" />
      <Card aria-labelledby="connect-title">
        <h1 id="connect-title" className="text-xl font-semibold">
          Connect to the voice service
        </h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {apiKey
            ? 'The service did not accept that API key. Check it and try again.'
            : 'The service needs an API key. It is kept in this tab only and forgotten when you close it or choose Disconnect.'}
        </p>
        <form className="mt-4 space-y-3" onSubmit={connect} noValidate>
          <div>
            <label htmlFor={inputId} className="text-sm font-medium">
              API key
            </label>
            <input
              id={inputId}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={value}
              onChange={(e) => {
                setValue(e.target.value)
                setEmpty(false)
              }}
              aria-invalid={empty || undefined}
              aria-describedby={empty ? hintId : undefined}
              className="mt-1 block h-9 w-full rounded-md border border-slate-300 bg-white px-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-900"
            />
            {empty && (
              <p id={hintId} className="mt-1 text-sm text-red-700 dark:text-red-300">
                Enter the API key you were given.
              </p>
            )}
          </div>
          <Button type="submit">Connect</Button>
        </form>
      </Card>
    </main>
  )
}
