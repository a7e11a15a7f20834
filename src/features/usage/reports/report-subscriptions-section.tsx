// "Reports by email" on /usage (issue 53, item 4): a manager subscribes themselves to a daily, weekly or monthly
// usage report; an admin sees and manages everyone's. Loaded lazily, with its own query and schemas.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { REPORT_FREQUENCIES, type ReportFrequency } from '@/api/contract/report-subscription-schemas'
import { reportSubscriptionQueries, subscribeToReport, unsubscribeFromReport } from '@/api/report-subscriptions'
import { sessionQueries } from '@/api/session'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Field } from '@/components/ui/field'
import { FormError } from '@/components/ui/form-error'
import { Select } from '@/components/ui/select'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { errorText } from '@/lib/error-text'
import { SectionCard } from '../section-card'
import { FREQUENCY_LABELS, lastReportText } from './report-words'

export function ReportSubscriptionsSection({ timeZone }: { timeZone: string }) {
  const queryClient = useQueryClient()
  const me = useQuery(sessionQueries.current()).data?.user
  const list = useQuery(reportSubscriptionQueries.list())
  const [frequency, setFrequency] = useState<ReportFrequency>('weekly')
  const [person, setPerson] = useState('')
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportSubscriptionQueries.all() })
  const subscribe = useMutation({ mutationFn: subscribeToReport, onSuccess: refresh })
  const unsubscribe = useMutation({ mutationFn: unsubscribeFromReport, onSuccess: refresh })
  const people = list.data?.people ?? null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    subscribe.mutate({ frequency, timeZone, userId: person || undefined })
  }

  return (
    <SectionCard id="reports-by-email" title="Reports by email">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The period’s minutes against the commitment, the pace, the top people, caller IDs and outcomes, and the caller
        IDs flagged, with a spreadsheet attached. Days, weeks and months begin at midnight in {timeZone}.
      </p>
      {list.data && !list.data.emailConfigured && (
        <p className="mt-2 text-sm text-amber-800 dark:text-amber-300">
          Email is not set up on this console yet, so no report goes out until whoever runs it sets it up.
        </p>
      )}
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3" aria-label="Subscribe to a report">
        {people && (
          <Field label="Person">
            {(control) => (
              <Select {...control} value={person} onChange={(event) => setPerson(event.target.value)}>
                <option value="">Me ({me?.email})</option>
                {people
                  .filter((one) => one.id !== me?.id)
                  .map((one) => (
                    <option key={one.id} value={one.id}>
                      {one.email}
                    </option>
                  ))}
              </Select>
            )}
          </Field>
        )}
        <Field label="Frequency">
          {(control) => (
            <Select
              {...control}
              value={frequency}
              onChange={(event) => setFrequency(event.target.value as ReportFrequency)}
            >
              {REPORT_FREQUENCIES.map((value) => (
                <option key={value} value={value}>
                  {FREQUENCY_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Subscribing…' : 'Subscribe'}
        </Button>
      </form>
      {subscribe.isError && <FormError className="mt-2">Could not subscribe: {errorText(subscribe.error)}</FormError>}
      {unsubscribe.isError && (
        <FormError className="mt-2">Could not unsubscribe: {errorText(unsubscribe.error)}</FormError>
      )}
      {list.isError && (
        <div className="mt-3">
          <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not load the reports" />
        </div>
      )}
      {list.data && list.data.subscriptions.length === 0 && (
        <p className="mt-3 text-sm">{people ? 'Nobody receives a report yet.' : 'You receive no report yet.'}</p>
      )}
      {list.data && list.data.subscriptions.length > 0 && (
        <Table className="mt-3" overflowLabel="Report subscriptions">
          <caption className="sr-only">Reports by email</caption>
          <TableHeader>
            <TableRow>
              {people && <TableHead>Person</TableHead>}
              <TableHead>Frequency</TableHead>
              <TableHead>Time zone</TableHead>
              <TableHead>Last report</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.data.subscriptions.map((subscription) => (
              <TableRow key={subscription.id}>
                {people && (
                  <TableCell>
                    {subscription.email}
                    {!subscription.active && ' (deactivated: receives nothing)'}
                  </TableCell>
                )}
                <TableCell>{FREQUENCY_LABELS[subscription.frequency]}</TableCell>
                <TableCell>{subscription.timeZone}</TableCell>
                <TableCell>{lastReportText(subscription.lastReport, subscription.timeZone)}</TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={unsubscribe.isPending}
                    aria-label={`Unsubscribe ${subscription.email} from the ${subscription.frequency} report`}
                    onClick={() => unsubscribe.mutate(subscription.id)}
                  >
                    Unsubscribe
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  )
}
