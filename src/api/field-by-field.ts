// Reads an answer one field at a time, so a field the service sent in a shape the page cannot use
// costs only that field: the page shows the rest, and names the field with the value as it came.
import type * as z from 'zod/mini'

/** A field the schema could not read: its name, and the value exactly as the service sent it. */
export interface UnreadableField {
  field: string
  value: unknown
}

type Shape = Record<string, z.ZodMiniType>

/** Each field of the shape as read, or undefined when it was missing or unreadable; unknown fields kept as they came. */
type ReadFields<S extends Shape> = { [K in keyof S]: z.output<S[K]> | undefined } & Record<string, unknown>

export interface FieldByField<S extends Shape> {
  value: ReadFields<S>
  /** In the shape's order. A missing field that the schema requires is among them, with `value: undefined`. */
  unreadable: UnreadableField[]
}

const isRecord = (data: unknown): data is Record<string, unknown> =>
  typeof data === 'object' && data !== null && !Array.isArray(data)

/**
 * Parses each field of `shape` on its own. Null when the answer is not a JSON object at all
 * (there is then nothing to read field by field).
 */
export function parseFieldByField<S extends Shape>(shape: S, data: unknown): FieldByField<S> | null {
  if (!isRecord(data)) return null
  const value: Record<string, unknown> = { ...data }
  const unreadable: UnreadableField[] = []
  for (const [field, schema] of Object.entries(shape)) {
    const parsed = schema.safeParse(data[field])
    if (parsed.success) value[field] = parsed.data
    else {
      value[field] = undefined
      unreadable.push({ field, value: data[field] })
    }
  }
  return { value: value as ReadFields<S>, unreadable }
}
