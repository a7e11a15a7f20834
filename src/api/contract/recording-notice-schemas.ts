// The contract of the recording notice (issue 52, item 3): before a recorded call the page reminds the agent to tell
// the callee, and where the callee's country asks for consent (CONSOLE_RECORDING_CONSENT_REGIONS) the agent confirms
// it; the console refuses a recorded placement there without the confirmation (problem type RECORDING_CONSENT).
// The confirmation's header is console-schemas.ts's RECORDING_CONSENT_HEADER, beside the CSRF header.
import * as z from 'zod/mini'

/** The problem `type` of a recorded placement refused because the agent did not confirm the callee's consent. */
export const RECORDING_CONSENT = 'urn:voice-console:recording-consent'

export const RECORDING_NOTICE_PATH = '/recording-notice'

/** GET /recording-notice[?phone_number=]: what the page shows before a recorded call to that number. */
export const recordingNoticeAnswer = z.object({
  /** CONSOLE_RECORDING_NOTICE: remind the agent to tell the callee the call is recorded. */
  notice: z.boolean(),
  /** The number's country is a consent region: a recorded call needs the agent's confirmation. */
  consent_required: z.boolean(),
  /** The number's country (ISO 3166-1 alpha-2), as libphonenumber tells it; null without a number or when unknown. */
  country: z.nullable(z.string()),
})
export type RecordingNoticeAnswer = z.infer<typeof recordingNoticeAnswer>
