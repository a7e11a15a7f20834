// Debian's firefox-esr, as Playwright's experimental WebDriver BiDi channel ('moz-firefox') launches it,
// with a relay in front of its BiDi websocket. Started by ./firefox-relayed (Playwright's executablePath).
//
// Why: Playwright sends `emulation.setMediaFeaturesOverride` for every new page and context, and this
// firefox-esr does not know that command, so `newPage()` fails with "unknown command". The relay answers that one
// command with success and passes every other message through unchanged, both ways. The cost: colour-scheme
// emulation does nothing (the journeys set none: Firefox's own default, light, applies).
//
// How: Firefox prints "WebDriver BiDi listening on ws://127.0.0.1:PORT" on stderr, which Playwright waits for. This
// process starts Firefox with the same arguments, listens on another loopback port and prints that line with its
// own address instead; everything else Firefox prints is passed on as is. It exits with Firefox.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { WebSocket, WebSocketServer } from 'ws'

/** Commands this firefox-esr lacks, answered here with an empty success. */
const ANSWERED_HERE = new Set(['emulation.setMediaFeaturesOverride'])

const FIREFOX = process.env.FIREFOX_BIN ?? '/usr/bin/firefox-esr'
const LISTENING = /WebDriver BiDi listening on (ws:\/\/\S+)/

/** A relay from a loopback port to Firefox's BiDi server; resolves to its ws:// address. */
function startRelay(upstream: string): Promise<string> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  server.on('connection', (client, request) => {
    const browser = new WebSocket(new URL(request.url ?? '/', upstream), { perMessageDeflate: false })
    const pending: string[] = []
    browser.on('open', () => {
      for (const message of pending.splice(0)) browser.send(message)
    })
    browser.on('message', (data, isBinary) => client.send(data, { binary: isBinary }))
    client.on('message', (data, isBinary) => {
      const text = data.toString()
      const answer = answerHere(text)
      if (answer) return client.send(answer)
      if (isBinary) return browser.send(data, { binary: true })
      if (browser.readyState === WebSocket.OPEN) browser.send(text)
      else pending.push(text)
    })
    const closeBoth = () => {
      client.close()
      browser.close()
    }
    browser.on('close', closeBoth)
    client.on('close', closeBoth)
    browser.on('error', (error) => {
      process.stderr.write(`[bidi-relay] upstream error: ${error.message}\n`)
      client.terminate()
    })
    client.on('error', () => browser.terminate())
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.once('listening', () => {
      const address = server.address()
      if (typeof address === 'string' || !address) return reject(new Error('The relay has no port'))
      resolve(`ws://127.0.0.1:${address.port}`)
    })
  })
}

/** The success answer to a command in ANSWERED_HERE, else undefined (the message goes to Firefox). */
function answerHere(text: string): string | undefined {
  let message: { id?: unknown; method?: unknown }
  try {
    message = JSON.parse(text) as { id?: unknown; method?: unknown }
  } catch {
    return undefined
  }
  if (typeof message.method !== 'string' || !ANSWERED_HERE.has(message.method)) return undefined
  return JSON.stringify({ type: 'success', id: message.id, result: {} })
}

function main() {
  const firefox = spawn(FIREFOX, process.argv.slice(2), { stdio: ['ignore', 'inherit', 'pipe'] })
  const lines = createInterface({ input: firefox.stderr })
  let relayed = false
  lines.on('line', (line) => {
    const match = relayed ? null : LISTENING.exec(line)
    if (!match?.[1]) {
      process.stderr.write(`${line}\n`)
      return
    }
    relayed = true
    const upstream = match[1]
    startRelay(upstream).then(
      (relay) => process.stderr.write(`${line.replace(upstream, relay)}\n`),
      (error: Error) => {
        process.stderr.write(`[bidi-relay] could not listen: ${error.message}\n`)
        firefox.kill('SIGKILL')
      },
    )
  })
  firefox.on('error', (error) => {
    process.stderr.write(`[bidi-relay] could not start ${FIREFOX}: ${error.message}\n`)
    process.exit(1)
  })
  firefox.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => firefox.kill(signal))
  }
}

main()
