import type { SsoTestAnswer } from '@/api/contract/sso-settings-schemas'

const STEP_WORDS: Record<SsoTestAnswer['steps'][number]['step'], string> = {
  address: 'Address',
  discovery: 'OpenID discovery',
  keys: 'Signing keys',
  client: 'Client id and secret',
}

const OUTCOME_WORDS: Record<SsoTestAnswer['steps'][number]['outcome'], string> = {
  passed: 'Worked',
  failed: 'Failed',
  skipped: 'Not tried',
  unknown: 'Not confirmed',
}

/** What the Test tried, step by step, in the words the console wrote. */
export function TestResult({ result }: { result: SsoTestAnswer }) {
  return (
    <div className="space-y-1 text-sm">
      <p className="font-medium">
        {result.ok ? 'The test found no problem. Nothing was saved.' : 'The test found a problem. Nothing was saved.'}
      </p>
      <ul className="space-y-1">
        {result.steps.map((step) => (
          <li key={step.step}>
            <span className="font-medium">
              {STEP_WORDS[step.step]}: {OUTCOME_WORDS[step.outcome]}.
            </span>{' '}
            {step.message}
          </li>
        ))}
      </ul>
    </div>
  )
}
