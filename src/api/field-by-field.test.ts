import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { parseFieldByField } from './field-by-field'

const shape = {
  id: z.string().check(z.regex(/^call_/)),
  seconds: z.optional(z.nullable(z.int())),
  flag: z.optional(z.boolean()),
}

describe('parseFieldByField', () => {
  it('reads every field it can, and names each one it cannot with the value as it came', () => {
    const read = parseFieldByField(shape, { id: 'call_1', seconds: 'forty', flag: true, extra: [1] })
    expect(read?.value).toEqual({ id: 'call_1', seconds: undefined, flag: true, extra: [1] })
    expect(read?.unreadable).toEqual([{ field: 'seconds', value: 'forty' }])
  })

  it('names a required field that is missing, with no value', () => {
    expect(parseFieldByField(shape, { seconds: 3 })?.unreadable).toEqual([{ field: 'id', value: undefined }])
  })

  it('has nothing to read in what is not a JSON object', () => {
    for (const data of [null, 'call_1', 3, [{ id: 'call_1' }], undefined])
      expect(parseFieldByField(shape, data)).toBeNull()
  })

  it('agrees with the whole schema: nothing unreadable exactly when the object parses, and then the same value', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined))
    const answer = fc.record(
      {
        id: fc.oneof(
          value,
          fc.string().map((s) => `call_${s}`),
        ),
        seconds: value,
        flag: value,
        other: fc.jsonValue(),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(answer, (data) => {
        const read = parseFieldByField(shape, data)
        const whole = z.looseObject(shape).safeParse(data)
        expect(read?.unreadable.length === 0).toBe(whole.success)
        if (whole.success) expect(read?.value).toEqual(expect.objectContaining(whole.data))
        // Every field the schema does not name is kept as it came.
        if ('other' in data) expect(read?.value.other).toEqual(data.other)
        // Every unreadable field is one of the shape's, with the value that was sent.
        for (const { field, value: sent } of read?.unreadable ?? []) {
          expect(Object.keys(shape)).toContain(field)
          expect(sent).toEqual((data as Record<string, unknown>)[field])
        }
      }),
    )
  })
})
