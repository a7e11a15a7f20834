// The quirks upstream as its own process, for the browser journeys (playwright.config.ts):
// QUIRKS_PORT for the API, QUIRKS_STORAGE_PORT for the storage origin. Switches are set over HTTP
// (`PUT /__quirks`), so each journey sets what it is about.
import { startQuirksUpstream } from './quirks-upstream'

const upstream = await startQuirksUpstream({
  port: Number(process.env.QUIRKS_PORT ?? 0),
  storagePort: Number(process.env.QUIRKS_STORAGE_PORT ?? 0),
})
console.log(`quirks upstream listening on ${upstream.url}/api/v1/voice (storage ${upstream.storageUrl})`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void upstream.close().then(() => process.exit(0))
  })
}
