import { describe, expect, it } from 'vitest'
import { channelInputOf } from '@/api/contract/alert-schemas'
import { errorOfField, errorsOfIssues, errorsOfOtherFields, formLevelError } from './field-errors'

describe('errorOfField', () => {
  it('takes the field’s own message first', () => {
    expect(errorOfField({ url: 'Use http or https.', 'url.host': 'other' }, 'url')).toBe('Use http or https.')
  })

  it('takes the message of a part of the field (an address of a list)', () => {
    expect(errorOfField({ 'recipients.2': 'Enter email addresses such as ops@example.com.' }, 'recipients')).toBe(
      'Enter email addresses such as ops@example.com.',
    )
    expect(errorOfField({ 'recipients[0]': 'Not an address.' }, 'recipients')).toBe('Not an address.')
  })

  it('does not take a field whose name only starts alike', () => {
    expect(errorOfField({ urlPath: 'x' }, 'url')).toBeUndefined()
  })
})

describe('errorsOfOtherFields', () => {
  it('keeps what no control shows, with its field', () => {
    expect(errorsOfOtherFields({ percent: 'Use 1% or more.', kind: 'Unknown kind.' }, ['percent'])).toEqual([
      'kind: Unknown kind.',
    ])
    expect(errorsOfOtherFields({ 'recipients.1': 'x' }, ['recipients'])).toEqual([])
  })
})

describe('formLevelError', () => {
  const error = new Error('The console could not save the rule.')

  it('is nothing without an error, or when every message sits on its control', () => {
    expect(formLevelError(null, {}, ['percent'])).toBeNull()
    expect(formLevelError(error, { percent: 'Use 1% or more.' }, ['percent'])).toBeNull()
  })

  it('is the error itself when it names no field, and the other fields when it does', () => {
    expect(formLevelError(error, {}, ['percent'])).toBe('The console could not save the rule.')
    expect(formLevelError(error, { enabled: 'Expected a boolean.' }, ['percent'])).toBe('enabled: Expected a boolean.')
  })
})

describe('errorsOfIssues', () => {
  it('keys the contract’s own issues as the console keys its errors', () => {
    const parsed = channelInputOf('email').safeParse({
      kind: 'email',
      name: ' ',
      recipients: ['ops@example.com', 'nope'],
      enabled: true,
    })
    expect(parsed.success).toBe(false)
    const errors = errorsOfIssues(parsed.error?.issues ?? [])
    expect(errors.name).toBe('Name the channel.')
    expect(errorOfField(errors, 'recipients')).toBe('Enter email addresses such as ops@example.com.')
  })
})
