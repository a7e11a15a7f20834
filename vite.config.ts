import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { createVoiceProxy, isProxiedPath } from './server/console/proxy.ts'
import { DEMO_KEYS } from './server/simulator/demo-keys.ts'

// In development the same proxy as `npm run serve` forwards the voice API to the
// simulator (the one `npm start` runs, on VOICE_SIM_PORT) with the Acme demo key,
// so the browser never holds a key.
function voiceApiProxy(): Plugin {
  const listener = getRequestListener(
    createVoiceProxy({
      upstream: process.env.VOICE_API_BASE_URL ?? `http://127.0.0.1:${process.env.VOICE_SIM_PORT ?? 8787}`,
      apiKey: process.env.VOICE_API_KEY ?? DEMO_KEYS.acme,
    }),
    { overrideGlobalObjects: false },
  )
  return {
    name: 'voice-api-proxy',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? ''
        if (isProxiedPath(path)) void listener(req, res)
        else next()
      })
    },
  }
}

export default defineConfig({
  plugins: [voiceApiProxy(), tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
  },
  build: {
    sourcemap: false,
  },
})
