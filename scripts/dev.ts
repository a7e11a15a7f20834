// `npm run dev`: Vite with hot reload on PORT (5173), the console server behind it on
// PORT + 1, and the simulator, in one process. For working on the dashboard.
import { createServer } from 'vite'
import { startStack, stopOnSignal } from './stack'

try {
  const port = Number(process.env.PORT ?? 5173)
  const consolePort = port + 1
  const stack = await startStack(port, consolePort)
  const vite = await createServer({
    server: {
      port,
      strictPort: true,
      // The browser talks to Vite only; the console answers the API with the Host it was asked for.
      proxy: {
        '/api': { target: `http://127.0.0.1:${consolePort}`, changeOrigin: false },
        '/storage': { target: `http://127.0.0.1:${consolePort}`, changeOrigin: false },
      },
    },
  })
  await vite.listen()
  stopOnSignal(async () => {
    await vite.close()
    await stack.stop()
  })
  vite.printUrls()
  console.log('  Sign in on the page with one click as a demo user (support, manager or admin).')
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
