// Under a contact: why the number may not be called now (do-not-call, calling hours), where the call comes from and
// Place call (or, once placed, its link and Next contact), with Skip. Place call waits for a verified caller ID, for
// the checks, and on a recorded list for the callee's consent where it is asked. Outside the callee's hours an admin
// may allow one call, as on New call.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { WorkContact } from '@/api/contract/call-list-schemas'
import { can, sessionQueries } from '@/api/session'
import { AllowOneCall } from '@/components/allow-one-call'
import { PlacementBlockNotice } from '@/components/placement-block-notice'
import { CONSENT_REASON_ID } from '@/components/recording-consent'
import { Button } from '@/components/ui/button'
import { usePhoneFormat } from '@/lib/phone-format'
import type { PlacementBlock } from '@/lib/placement-block'
import { WORK_KEYS } from './work-keys'

// The notice's sentence describes the disabled Place call.
const BLOCK_REASON_ID = 'contact-block-reason'

export function PlaceOrNext({
  contact,
  callerId,
  block,
  placing,
  releasing,
  waitsForConsent,
  actions,
}: {
  contact: WorkContact
  callerId: string | null
  block: PlacementBlock | null
  placing: boolean
  releasing: boolean
  /** A recorded call whose callee's consent is asked and not confirmed yet. */
  waitsForConsent: boolean
  actions: { place: () => void; next: (skip: boolean) => void }
}) {
  const formatPhone = usePhoneFormat()
  const mayOverride = can(useQuery(sessionQueries.current()).data, 'calling-hours:override')
  const placed = contact.placedCallId
  return (
    <div className="space-y-2">
      {block && !placed && (
        <PlacementBlockNotice block={block} reasonId={BLOCK_REASON_ID}>
          <p className="mt-1">
            {block.kind === 'do-not-call'
              ? 'Skip (S) to go on: the list passes over a listed number.'
              : 'Skip (S) to go on: the list offers the contact again when the callee’s hours open.'}
          </p>
          {block.kind === 'calling-hours' && mayOverride && <AllowOneCall to={contact.number} />}
        </PlacementBlockNotice>
      )}
      {placed ? (
        <p role="status" className="text-sm">
          Call placed:{' '}
          <Link
            to="/calls/$callId"
            params={{ callId: placed }}
            className="text-indigo-700 underline dark:text-indigo-300"
          >
            {placed}
          </Link>
        </p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {callerId
            ? `From ${formatPhone(callerId)}.`
            : 'No verified caller ID to call from: an admin verifies one on Caller IDs.'}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!placed && (
          <>
            <Button
              onClick={actions.place}
              disabled={placing || releasing || !callerId || block !== null || waitsForConsent}
              aria-describedby={block ? BLOCK_REASON_ID : waitsForConsent ? CONSENT_REASON_ID : undefined}
              aria-keyshortcuts={WORK_KEYS.place.toUpperCase()}
            >
              {placing ? 'Placing…' : 'Place call (C)'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => actions.next(true)}
              disabled={placing || releasing}
              aria-keyshortcuts={WORK_KEYS.skip.toUpperCase()}
            >
              Skip (S)
            </Button>
          </>
        )}
        {placed && (
          <Button
            onClick={() => actions.next(false)}
            disabled={releasing}
            aria-keyshortcuts={WORK_KEYS.next.toUpperCase()}
          >
            {releasing ? 'Opening the next…' : 'Next contact (N)'}
          </Button>
        )}
      </div>
    </div>
  )
}
