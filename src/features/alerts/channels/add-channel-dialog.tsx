import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { alertQueries, createChannel } from '@/api/alerts'
import { isApiError } from '@/api/client'
import { type AlertChannelInput, channelInputOf } from '@/api/contract/alert-schemas'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Input } from '@/components/ui/input'
import { errorOfField, errorsOfIssues, formLevelError } from '@/lib/field-errors'
import { parseRecipients } from './recipients'

const WORDS = {
  webhook: {
    title: 'Add a webhook',
    description:
      'The console POSTs each alert as JSON, signed as Standard Webhooks 1.0, and retries until it is taken.',
  },
  email: {
    title: 'Add an email channel',
    description: 'The console mails each alert, as plain text and HTML, over the SMTP server it is configured with.',
  },
}

/** A new channel, on from the start. A webhook's answer carries its secret, which goes to `onAdded` to be shown once. */
export function AddChannelDialog({
  kind,
  onClose,
  onAdded,
}: {
  kind: AlertChannelInput['kind']
  onClose: () => void
  onAdded: (added: { name: string; secret: string | null }) => void
}) {
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [target, setTarget] = useState('')
  const [checked, setChecked] = useState<Record<string, string>>({})
  const mutation = useMutation({
    mutationFn: createChannel,
    onSuccess: async ({ channel, secret }) => {
      await queryClient.invalidateQueries({ queryKey: alertQueries.channels().queryKey })
      onAdded({ name: channel.name, secret })
    },
  })
  const targetField = kind === 'webhook' ? 'url' : 'recipients'
  const serverErrors = isApiError(mutation.error) ? mutation.error.fieldErrors : {}
  const errors = { ...serverErrors, ...checked }
  const formError = formLevelError(mutation.error, serverErrors, ['name', targetField])
  const edited = () => {
    setChecked({})
    mutation.reset()
  }

  return (
    <Dialog title={WORDS[kind].title} description={WORDS[kind].description} onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          const input =
            kind === 'webhook'
              ? { kind, name, url: target.trim(), enabled: true }
              : { kind, name, recipients: parseRecipients(target), enabled: true }
          const parsed = channelInputOf(kind).safeParse(input)
          setChecked(parsed.success ? {} : errorsOfIssues(parsed.error.issues))
          if (parsed.success) mutation.mutate(parsed.data)
        }}
      >
        <Field label="Name" hint="For example: Ops on-call, Finance" error={errorOfField(errors, 'name')}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={80}
              autoFocus
              onChange={(event) => {
                setName(event.target.value)
                edited()
              }}
            />
          )}
        </Field>
        {kind === 'webhook' ? (
          <Field
            label="URL"
            hint="http or https. The console does not follow redirects."
            error={errorOfField(errors, 'url')}
          >
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                placeholder="https://example.com/hooks/voice"
                value={target}
                onChange={(event) => {
                  setTarget(event.target.value)
                  edited()
                }}
              />
            )}
          </Field>
        ) : (
          <Field
            label="Recipients"
            hint="One or more addresses, apart by commas or spaces."
            error={errorOfField(errors, 'recipients')}
          >
            {(control) => (
              <Input
                {...control}
                placeholder="ops@example.com, finance@example.com"
                value={target}
                onChange={(event) => {
                  setTarget(event.target.value)
                  edited()
                }}
              />
            )}
          </Field>
        )}
        {formError && <FormError>{formError}</FormError>}
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Adding…' : 'Add channel'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
