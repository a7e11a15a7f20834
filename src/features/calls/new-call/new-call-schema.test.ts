import { describe, expect, it } from 'vitest'
import { ApiError } from '@/api/client'
import { parsePhone } from '@/lib/phone'
import {
  apiFieldErrors,
  fieldOf,
  type MetadataRow,
  type NewCallValues,
  newCallLiveSchema,
  newCallSubmitSchema,
  newMetadataRow,
} from './new-call-schema'

const values: NewCallValues = {
  callerId: '+14155550100',
  destination: parsePhone('(415) 555-0199', 'US'),
  record: true,
  metadataRows: [newMetadataRow('ticket', '42')],
}
const rows = (...pairs: [string, string][]): MetadataRow[] => pairs.map(([k, v]) => newMetadataRow(k, v))

/** Each failing field, by its path as TanStack Form names it, with its first message. */
function errorsOf(schema: typeof newCallLiveSchema | typeof newCallSubmitSchema, input: NewCallValues) {
  const result = schema.safeParse(input)
  const errors: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message
  return errors
}

describe('newCallSubmitSchema', () => {
  it('turns a complete form into the request body', () => {
    expect(newCallSubmitSchema.parse(values)).toEqual({
      caller_id: '+14155550100',
      destination: '+14155550199',
      record: true,
      metadata: { ticket: '42' },
    })
  })

  it('asks for the missing caller ID and destination', () => {
    expect(errorsOf(newCallSubmitSchema, { ...values, callerId: '', destination: parsePhone('') })).toEqual({
      callerId: 'Choose the caller ID the callee will see.',
      destination: 'Enter the number to call.',
    })
  })

  it('passes on the phone check’s message for an invalid destination', () => {
    const errors = errorsOf(newCallSubmitSchema, { ...values, destination: parsePhone('123', 'US') })
    expect(errors.destination).toMatch(/not a valid number/)
  })

  it('lets the contract reject a caller ID that is not E.164', () => {
    expect(errorsOf(newCallSubmitSchema, { ...values, callerId: '4155550100' }).callerId).toMatch(
      /international format/,
    )
  })

  it('ignores blank rows, trims keys and sends values as typed', () => {
    const body = newCallSubmitSchema.parse({
      ...values,
      metadataRows: rows(['ticket', '123'], ['', ''], [' agent ', 'Sam ']),
    })
    expect(body.metadata).toEqual({ ticket: '123', agent: 'Sam ' })
    expect(newCallSubmitSchema.parse({ ...values, metadataRows: [] }).metadata).toEqual({})
  })

  it('asks for a key when a value has none, but only on submit', () => {
    const input = { ...values, metadataRows: rows(['', 'orphan']) }
    expect(errorsOf(newCallSubmitSchema, input)).toEqual({
      'metadataRows.0.key': 'Enter a key for this value, or remove the row.',
    })
    expect(errorsOf(newCallLiveSchema, input)).toEqual({})
  })

  it('sets no limit of its own on metadata: the service says what it refuses', () => {
    const many = Array.from({ length: 60 }, (_, i) => newMetadataRow(`key-${i}`.padEnd(60, 'k'), 'v'.repeat(600)))
    expect(Object.keys(newCallSubmitSchema.parse({ ...values, metadataRows: many }).metadata ?? {})).toHaveLength(60)
  })
})

describe('newCallLiveSchema', () => {
  it('flags every row that repeats a key', () => {
    const errors = errorsOf(newCallLiveSchema, {
      ...values,
      metadataRows: rows(['team', 'a'], ['team', 'b'], ['x', 'c']),
    })
    expect(errors).toEqual({
      'metadataRows.0.key': 'The key “team” is used more than once. Each key must be different.',
      'metadataRows.1.key': 'The key “team” is used more than once. Each key must be different.',
    })
  })

  it('says nothing about the fields that are only checked on submit', () => {
    expect(errorsOf(newCallLiveSchema, { ...values, callerId: '', destination: parsePhone('123', 'US') })).toEqual({})
  })
})

describe('API field errors', () => {
  it('maps error paths to form fields', () => {
    expect(fieldOf('destination')).toBe('destination')
    expect(fieldOf('body.caller_id')).toBe('callerId')
    expect(fieldOf('metadata.ticket')).toBe('metadataRows')
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
      fields: { callerId: 'This caller ID is not verified on your account.' },
      other: ['colour: Unknown field.'],
    })
  })
})
