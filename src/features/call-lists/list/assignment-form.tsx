import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { callListQueries, setAssignment } from '@/api/call-lists'
import { isApiError } from '@/api/client'
import type { CallList } from '@/api/contract/call-list-schemas'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { errorText } from '@/lib/error-text'
import { type Assignment, WhoWorksItFields } from '../who-works-it-fields'

const assignmentOf = (list: CallList): Assignment => ({
  everyone: list.everyone,
  assignees: list.assignees.map((person) => person.userId),
})

/** Managers: who works the list, changed at any time; people who lose it keep nothing of it but their calls. */
export function AssignmentForm({ list }: { list: CallList }) {
  const queryClient = useQueryClient()
  const [value, setValue] = useState(() => assignmentOf(list))
  const save = useMutation({
    mutationFn: setAssignment,
    onSuccess: async (saved) => {
      setValue(assignmentOf(saved))
      await queryClient.invalidateQueries({ queryKey: callListQueries.all() })
    },
  })
  const failure = save.error
  return (
    <Card aria-labelledby="list-assignment">
      <CardTitle id="list-assignment">Who works it</CardTitle>
      <form
        aria-label="Who works the list"
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate({ id: list.id, ...value })
        }}
      >
        <WhoWorksItFields
          value={value}
          onChange={(next) => {
            setValue(next)
            save.reset()
          }}
          error={
            failure
              ? ((isApiError(failure) ? failure.fieldErrors.assignees : undefined) ?? errorText(failure))
              : undefined
          }
        />
        <div className="flex items-center gap-3">
          <Button type="submit" size="sm" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save who works it'}
          </Button>
          {save.isSuccess && (
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
              {save.data.everyone
                ? 'Saved: everyone who places calls works it.'
                : `Saved: ${save.data.assignees.map((person) => person.email).join(', ')} work it.`}
            </p>
          )}
        </div>
      </form>
    </Card>
  )
}
