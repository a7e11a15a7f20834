import { describe, expect, it } from 'vitest'
import { METADATA_LIMITS } from '@/api/schemas'
import { type MetadataRow, newMetadataRow, validateMetadata } from './metadata-validation'

const rows = (...pairs: [string, string][]): MetadataRow[] => pairs.map(([k, v]) => newMetadataRow(k, v))

describe('validateMetadata', () => {
  it('turns rows into an object of strings, ignoring blank rows and trimming keys', () => {
    const check = validateMetadata(rows(['ticket', '123'], ['', ''], [' agent ', 'Sam ']))
    expect(check).toEqual({ metadata: { ticket: '123', agent: 'Sam ' }, rowErrors: {}, formError: null })
  })

  it('sends an empty object when there are no rows', () => {
    expect(validateMetadata([]).metadata).toEqual({})
  })

  it('asks for a key when a value has none, but only when asked to', () => {
    const input = rows(['', 'orphan'])
    const row = input[0] as MetadataRow
    expect(validateMetadata(input).rowErrors[row.id]?.key).toBe('Enter a key for this value, or remove the row.')
    const whileTyping = validateMetadata(input, { requireKeys: false })
    expect(whileTyping.rowErrors).toEqual({})
    expect(whileTyping.metadata).toBeNull()
  })

  it('flags every row that repeats a key', () => {
    const input = rows(['team', 'a'], ['team', 'b'], ['other', 'c'])
    const check = validateMetadata(input)
    expect(check.metadata).toBeNull()
    expect(Object.keys(check.rowErrors)).toHaveLength(2)
    expect(check.rowErrors[input[1]?.id ?? '']?.key).toBe(
      'The key “team” is used more than once. Each key must be different.',
    )
  })

  it('enforces the key and value lengths', () => {
    const longKey = 'k'.repeat(METADATA_LIMITS.maxKeyLength + 1)
    const longValue = 'v'.repeat(METADATA_LIMITS.maxStringLength + 2)
    const input = rows([longKey, 'x'], ['fine', longValue])
    const check = validateMetadata(input)
    expect(check.rowErrors[input[0]?.id ?? '']?.key).toBe(
      `Keys can be at most ${METADATA_LIMITS.maxKeyLength} characters; this one has ${METADATA_LIMITS.maxKeyLength + 1}.`,
    )
    expect(check.rowErrors[input[1]?.id ?? '']?.value).toBe(
      `Values can be at most ${METADATA_LIMITS.maxStringLength} characters; this one has ${METADATA_LIMITS.maxStringLength + 2}.`,
    )
  })

  it('accepts exactly the limits', () => {
    const input = Array.from({ length: METADATA_LIMITS.maxKeys }, (_, i) =>
      newMetadataRow(`${i}`.padStart(METADATA_LIMITS.maxKeyLength, 'k'), 'v'.repeat(METADATA_LIMITS.maxStringLength)),
    )
    const check = validateMetadata(input)
    expect(check.formError).toBeNull()
    expect(Object.keys(check.metadata ?? {})).toHaveLength(METADATA_LIMITS.maxKeys)
  })

  it('says how many rows to remove when there are too many keys', () => {
    const input = Array.from({ length: METADATA_LIMITS.maxKeys + 2 }, (_, i) => newMetadataRow(`key${i}`, 'v'))
    const check = validateMetadata(input)
    expect(check.metadata).toBeNull()
    expect(check.formError).toBe(`Metadata can have at most ${METADATA_LIMITS.maxKeys} keys. Remove 2 rows.`)
  })
})
