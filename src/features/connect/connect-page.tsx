import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { setApiKey, useConnection } from '@/api/connection'
import { DocumentTitle } from '@/components/document-title'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'

/** Shown instead of any page while the service refuses our key (HTTP 401). */
export function ConnectPage() {
  const { apiKey } = useConnection()
  const queryClient = useQueryClient()
  const router = useRouter()
  const [value, setValue] = useState('')
  const [empty, setEmpty] = useState(false)

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
          <Field label="API key" error={empty ? 'Enter the API key you were given.' : null}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={value}
                onChange={(e) => {
                  setValue(e.target.value)
                  setEmpty(false)
                }}
                className="w-full font-mono"
              />
            )}
          </Field>
          <Button type="submit">Connect</Button>
        </form>
      </Card>
    </main>
  )
}
