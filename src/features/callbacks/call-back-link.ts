// The "Call back" link: New call filled in through the agreed link (/calls/new?to=…&caller_id=…&meta.<key>=…),
// carrying the callback's id in the metadata, so that the call placed from it closes the callback on the server.
import { CALLBACK_METADATA_KEY, type Callback } from '@/api/contract/callback-schemas'

export function callBackHref(callback: Pick<Callback, 'id' | 'number' | 'caller_id' | 'metadata'>): string {
  const params = new URLSearchParams({ to: callback.number, caller_id: callback.caller_id })
  for (const [key, value] of Object.entries(callback.metadata)) {
    // The form's metadata is text: a number or a flag goes as written; an object does not fit a field.
    if (key === CALLBACK_METADATA_KEY) continue
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      params.set(`meta.${key}`, String(value))
  }
  params.set(`meta.${CALLBACK_METADATA_KEY}`, callback.id)
  return `/calls/new?${params.toString()}`
}
