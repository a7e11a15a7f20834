import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { callListQueries, releaseListContact } from '@/api/call-lists'
import { saveOutcome } from '@/api/call-work'
import { callerIdSuggestionQueries } from '@/api/caller-id-suggestion'
import { callerIdQueries } from '@/api/caller-ids'
import type { ClaimAnswer } from '@/api/contract/call-list-schemas'
import { DO_NOT_CALL_OUTCOME } from '@/api/contract/call-work-schemas'
import type { OutcomeKind } from '@/api/contract/outcome-kind-schemas'
import { outcomeKindQueries } from '@/api/outcome-kinds'
import { consentMissing, RecordingConsentNotice, recordingNoticeQuery } from '@/components/recording-consent'
import { RevealedText } from '@/components/revealed-text'
import { Card, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { FormError } from '@/components/ui/form-error'
import { Skeleton } from '@/components/ui/skeleton'
import { errorText } from '@/lib/error-text'
import { outcomeWords, progressWords } from '../progress-words'
import { ContactCard } from './contact-card'
import { OutcomeForm } from './outcome-form'
import { PlaceOrNext } from './place-or-next'
import { suggestCallerId } from './suggest-caller-id'
import { useContactBlock } from './use-contact-block'
import { placementOf, usePlaceListCall } from './use-place-list-call'
import { GO_WINDOW_MS, keysAreText, readWorkKey } from './work-keys'

const NO_CONTACT_WORDS: Record<NonNullable<ClaimAnswer['reason']>, string> = {
  paused: 'A manager paused this list. Your place is kept: come back when it is resumed.',
  finished: 'Nobody on it is left to call: its results are above.',
  later: 'The contacts left come back later (they asked to be called again).',
  archived: 'This list is archived.',
}

/** One list, a contact at a time: place the call (C), record its outcome (1–9), go to the next (N) or skip (S). */
export function WorkListPage({ listId }: { listId: string }) {
  const queryClient = useQueryClient()
  const claim = useQuery(callListQueries.claim(listId))
  const callerIds = useQuery(callerIdQueries.list())
  const flagged = useQuery({
    ...callerIdSuggestionQueries.flagged(),
    select: (data) => new Set(data.flagged.map((flag) => flag.callerId)),
  })
  // Every kind names the outcomes recorded (an archived one too); those offered are the ones not archived.
  const allKinds = useQuery(outcomeKindQueries.list())
  const kinds = useQuery({
    ...outcomeKindQueries.list(),
    select: (data) => data.outcome_kinds.filter((kind) => !kind.archived),
  })
  const { place, mutation: placing, retrying } = usePlaceListCall(listId)
  const outcome = useMutation({ mutationFn: saveOutcome })
  const release = useMutation({
    mutationFn: releaseListContact,
    onSuccess: () => {
      placing.reset()
      outcome.reset()
      return queryClient.refetchQueries({ queryKey: callListQueries.claim(listId).queryKey })
    },
  })

  const answer = claim.data
  const contact = answer?.contact ?? null
  const callId = contact?.placedCallId ?? null
  const verified = (callerIds.data?.caller_ids ?? [])
    .filter((c) => c.verification_status === 'VERIFIED')
    .map((c) => c.phone_number)
  const callerId =
    contact && answer ? (answer.list.callerId ?? suggestCallerId(contact.number, verified, flagged.data)) : null
  const outcomeLabel = (id: string) => kinds.data?.find((k) => k.id === id)?.label ?? id
  // A recorded list: the reminder, and the contact whose callee the agent confirmed agreed to be recorded.
  const record = answer?.list.record ?? false
  const [consentFor, setConsentFor] = useState<string | null>(null)
  const consented = contact !== null && consentFor === contact.id
  const notice = useQuery(recordingNoticeQuery(contact?.number ?? null, record && contact !== null))
  const waitsForConsent = consentMissing(notice.data, record, consented)
  // Asked before the press only: once placed, the outcome may list the number the call went to.
  const block = useContactBlock(contact && callId === null ? contact.number : null)

  const actions = {
    place: () => {
      if (answer && contact && callerId && !block && !release.isPending && !waitsForConsent)
        place(contact, placementOf(answer.list, contact, callerId), consented)
    },
    choose: (kind: OutcomeKind, addToDoNotCall = false) => {
      if (callId) outcome.mutate({ callId, outcome: kind.id, addToDoNotCall })
    },
    next: (skip: boolean) => {
      if (!contact || release.isPending || placing.isPending) return
      // Skip is for a contact not called yet; after a call, Next.
      if (skip === (callId !== null)) return
      release.mutate({ listId, contactId: contact.id, skip })
    },
  }
  const latest = useRef(actions)
  latest.current = actions
  const goPressedAt = useRef(Number.NEGATIVE_INFINITY)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return
      const afterGo = event.timeStamp - goPressedAt.current < GO_WINDOW_MS
      goPressedAt.current = event.key === 'g' ? event.timeStamp : Number.NEGATIVE_INFINITY
      // Named one by one: a KeyboardEvent's fields are getters of its prototype, which a spread does not copy.
      const { key, ctrlKey, metaKey, altKey } = event
      const action = readWorkKey({ key, ctrlKey, metaKey, altKey, inField: keysAreText(event.target), afterGo })
      if (!action) return
      event.preventDefault()
      if (action.kind === 'place') latest.current.place()
      else if (action.kind === 'next') latest.current.next(false)
      else if (action.kind === 'skip') latest.current.next(true)
      else {
        const kind = kindsRef.current?.[action.index]
        if (kind) latest.current.choose(kind)
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
  const kindsRef = useRef(kinds.data)
  kindsRef.current = kinds.data

  if (claim.isPending) return <Skeleton className="h-64" />
  if (claim.isError)
    return <ErrorState error={claim.error} onRetry={() => void claim.refetch()} title="Could not open the list" />
  const { list } = claim.data
  const byOutcome = outcomeWords(list.progress.byOutcome, allKinds.data ?? [])
  const reason = claim.data.reason ?? 'finished'

  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link to="/call-lists" className="text-indigo-700 underline dark:text-indigo-300">
            Call lists
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">
          <RevealedText text={list.name} />
        </h1>
        <section aria-label="Where the list stands" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          <p>{progressWords(list.progress)}</p>
          {byOutcome && (
            <p>
              By outcome: <RevealedText text={byOutcome} />
            </p>
          )}
        </section>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Keys: <kbd>C</kbd> place the call · <kbd>1</kbd>–<kbd>9</kbd> its outcome · <kbd>N</kbd> next contact ·{' '}
          <kbd>S</kbd> skip (back to the list for later)
        </p>
      </div>
      {!contact ? (
        <EmptyState title={reason === 'finished' ? 'Every contact of this list is done' : 'No contact to call now'}>
          {NO_CONTACT_WORDS[reason]}
          {claim.data.nextAt && ` The next one is due at ${new Date(claim.data.nextAt).toLocaleString()}.`}
        </EmptyState>
      ) : (
        <Card aria-label="Contact">
          <CardTitle>Contact on line {contact.line}</CardTitle>
          <div className="mt-4 space-y-6">
            <ContactCard contact={contact} outcomeLabel={outcomeLabel} />
            {!callId && (
              <RecordingConsentNotice
                destination={contact.number}
                record={record}
                consented={consented}
                onConsentedChange={(yes) => setConsentFor(yes ? contact.id : null)}
                disabled={placing.isPending}
              />
            )}
            <PlaceOrNext
              contact={contact}
              callerId={callerId}
              block={block}
              placing={placing.isPending}
              releasing={release.isPending}
              waitsForConsent={waitsForConsent}
              actions={actions}
            />
            {placing.isError && <FormError boxed>{errorText(placing.error)}</FormError>}
            {retrying && <p className="text-sm">{errorText(retrying.error)} Trying again…</p>}
            {release.isError && <FormError boxed>{errorText(release.error)}</FormError>}
            {callId &&
              (kinds.isError ? (
                <ErrorState
                  title="Could not load the outcomes to choose from"
                  error={kinds.error}
                  onRetry={() => void kinds.refetch()}
                />
              ) : (
                <OutcomeForm
                  key={callId}
                  callId={callId}
                  kinds={kinds.data ?? []}
                  chosen={outcome.isSuccess ? (outcome.variables?.outcome ?? null) : null}
                  saving={outcome.isPending ? (outcome.variables?.outcome ?? null) : null}
                  error={outcome.error}
                  onChoose={actions.choose}
                  number={contact.number}
                  listed={outcome.data?.do_not_call?.listed ?? false}
                  onList={() => {
                    const kind = kinds.data?.find((k) => k.id === DO_NOT_CALL_OUTCOME)
                    if (kind) actions.choose(kind, true)
                  }}
                />
              ))}
          </div>
        </Card>
      )}
    </div>
  )
}
