import { describe, expect, it } from 'vitest'
import { ApiError } from '@/api/client'
import { parsePhone } from '@/lib/phone'
import { newMetadataRow } from './metadata-validation'
import { apiFieldErrors, checkNewCall, fieldOf, type NewCallDraft } from './new-call-validation'

const draft: NewCallDraft = {
  callerId: '+14155550100',
  destination: parsePhone('(415) 555-0199', 'US'),
  record: true,
  metadataRows: [newMetadataRow('ticket', '42')],
}

describe('checkNewCall', () => {
  it('builds the request body from a complete form', () => {
    expect(checkNewCall(draft, { submitted: true })).toMatchObject({
      body: { caller_id: '+14155550100', destination: '+14155550199', record: true, metadata: { ticket: '42' } },
      errors: {},
    })
  })

  it('asks for the missing caller ID and destination', () => {
    const check = checkNewCall({ ...draft, callerId: '', destination: parsePhone('') }, { submitted: true })
    expect(check.body).toBeNull()
    expect(check.errors).toEqual({
      caller_id: 'Choose the caller ID the callee will see.',
      destination: 'Enter the number to call.',
    })
  })

  it('passes on the phone check’s message for an invalid destination', () => {
    const check = checkNewCall({ ...draft, destination: parsePhone('123', 'US') }, { submitted: true })
    expect(check.errors.destination).toMatch(/not a valid number/)
  })

  it('lets the contract reject a caller ID that is not E.164', () => {
    const check = checkNewCall({ ...draft, callerId: '4155550100' }, { submitted: true })
    expect(check.body).toBeNull()
    expect(check.errors.caller_id).toMatch(/international format/)
  })

  it('holds back the body while metadata has an error', () => {
    const check = checkNewCall({ ...draft, metadataRows: [newMetadataRow('', 'x')] }, { submitted: false })
    expect(check.body).toBeNull()
    expect(check.metadata.rowErrors).toEqual({})
  })
})

describe('API field errors', () => {
  it('maps error paths to form fields', () => {
    expect(fieldOf('destination')).toBe('destination')
    expect(fieldOf('body.caller_id')).toBe('caller_id')
    expect(fieldOf('metadata.ticket')).toBe('metadata')
    expect(fieldOf('unknown')).toBeNull()
  })

  it('sorts problem+json errors into fields and the rest', () => {
    const error = new ApiError({
      kind: 'http',
      status: 422,
      message: 'Invalid request',
      problem: {
        type: 'about:blank',
        title: 'Invalid request',
        status: 422,
        errors: [
          { field: 'caller_id', message: 'This caller ID is not verified on your account.' },
          { field: 'colour', message: 'Unknown field.' },
        ],
      },
    })
    expect(apiFieldErrors(error)).toEqual({
      fields: { caller_id: 'This caller ID is not verified on your account.' },
      other: ['colour: Unknown field.'],
    })
  })
})
