import type { BuiltChunk } from './chunks'

/** A built chunk for tests: a shared chunk with no imports unless told otherwise. */
export const testChunk = (file: string, fields: Partial<BuiltChunk> = {}): BuiltChunk => ({
  file,
  isEntry: false,
  facade: null,
  imports: [],
  moduleSizes: {},
  code: '',
  ...fields,
})
