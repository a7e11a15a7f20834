// What "Add a rule" and "Change the rule" share: a usage rule's percent, the channels the rule goes to, the form's own
// error and its two buttons. Each dialog keeps what differs: what a new rule watches, and how the rule is sent.
import { useState } from 'react'
import { isApiError } from '@/api/client'
import { Button } from '@/components/ui/button'
import { DialogActions } from '@/components/ui/dialog'
import { FormError } from '@/components/ui/form-error'
import { errorOfField, formLevelError } from '@/lib/field-errors'
import { ChannelPicker } from './channel-picker'
import { PercentField } from './percent-field'
import { readPercent } from './read-percent'

export function useRuleFields(initial: { percent: string; channelIds: string[] | null }) {
  const [percent, setPercent] = useState(initial.percent)
  const [percentError, setPercentError] = useState<string>()
  const [channelIds, setChannelIds] = useState(initial.channelIds)
  return {
    percent,
    setPercent,
    percentError,
    setPercentError,
    channelIds,
    setChannelIds,
    /** The percent typed, or null after saying (under the field) why it is not one. */
    validPercent(): number | null {
      const read = readPercent(percent)
      setPercentError('error' in read ? read.error : undefined)
      return 'percent' in read ? read.percent : null
    },
  }
}

export function RuleFields({
  fields,
  withPercent,
  autoFocus = false,
  mutation,
  submit,
  onClose,
}: {
  fields: ReturnType<typeof useRuleFields>
  withPercent: boolean
  autoFocus?: boolean
  mutation: { error: Error | null; isPending: boolean; reset: () => void }
  /** The submit button's words, and while the request is under way. */
  submit: { idle: string; pending: string }
  onClose: () => void
}) {
  const serverErrors = isApiError(mutation.error) ? mutation.error.fieldErrors : {}
  const formError = formLevelError(mutation.error, serverErrors, ['percent', 'channelIds'])
  return (
    <>
      {withPercent && (
        <PercentField
          autoFocus={autoFocus}
          value={fields.percent}
          onChange={(value) => {
            fields.setPercent(value)
            fields.setPercentError(undefined)
            mutation.reset()
          }}
          error={fields.percentError ?? errorOfField(serverErrors, 'percent')}
        />
      )}
      <ChannelPicker
        value={fields.channelIds}
        onChange={(value) => {
          fields.setChannelIds(value)
          mutation.reset()
        }}
        error={errorOfField(serverErrors, 'channelIds')}
      />
      {formError && <FormError>{formError}</FormError>}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? submit.pending : submit.idle}
        </Button>
      </DialogActions>
    </>
  )
}
