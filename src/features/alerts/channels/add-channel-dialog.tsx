import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { alertQueries, createChannel } from '@/api/alerts'
import { type AlertChannelInput, channelInputOf } from '@/api/contract/alert-schemas'
import { NewDestinationDialog, WebhookUrlField } from '@/components/new-destination-dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { errorOfField } from '@/lib/field-errors'
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
  const [target, setTarget] = useState('')
  const mutation = useMutation({
    mutationFn: createChannel,
    onSuccess: async ({ channel, secret }) => {
      await queryClient.invalidateQueries({ queryKey: alertQueries.channels().queryKey })
      onAdded({ name: channel.name, secret })
    },
  })

  return (
    <NewDestinationDialog
      words={{ ...WORDS[kind], nameHint: 'For example: Ops on-call, Finance', submit: 'Add channel' }}
      fields={['name', kind === 'webhook' ? 'url' : 'recipients']}
      parse={(name) =>
        channelInputOf(kind).safeParse(
          kind === 'webhook'
            ? { kind, name, url: target.trim(), enabled: true }
            : { kind, name, recipients: parseRecipients(target), enabled: true },
        )
      }
      adding={mutation}
      onClose={onClose}
    >
      {({ errors, edited }) =>
        kind === 'webhook' ? (
          <WebhookUrlField
            value={target}
            placeholder="https://example.com/hooks/voice"
            error={errorOfField(errors, 'url')}
            onChange={(next) => {
              setTarget(next)
              edited()
            }}
          />
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
        )
      }
    </NewDestinationDialog>
  )
}
