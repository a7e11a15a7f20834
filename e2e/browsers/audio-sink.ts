// Global setup of the cross-browser journeys: a PulseAudio server of their own with a null sink, so both
// engines have a sound device to play recordings to. Without one, Firefox's <audio> never advances and
// WebKit's GStreamer pipeline fails. It runs as a child of the test runner (not a daemon), on a socket in a
// fresh temporary folder, and the browsers find it through PULSE_SERVER, which the workers inherit.
// As root, PulseAudio warns that it is not meant to run so, and runs; `-n` skips the system's default.pa.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const START_TIMEOUT_MS = 10_000

export default async function startAudioSink(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'vd-pulse-'))
  const socket = join(dir, 'native')
  const log: string[] = []
  const pulse = spawn(
    'pulseaudio',
    [
      '-n',
      '--daemonize=no',
      '--use-pid-file=no',
      '--exit-idle-time=-1',
      '--log-target=stderr',
      `--load=module-native-protocol-unix auth-anonymous=1 socket=${socket}`,
      '--load=module-null-sink sink_name=journeys',
    ],
    { env: { ...process.env, PULSE_RUNTIME_PATH: dir, PULSE_STATE_PATH: dir }, stdio: ['ignore', 'ignore', 'pipe'] },
  )
  pulse.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
  await waitForSocket(pulse, socket, log)
  process.env.PULSE_SERVER = `unix:${socket}`
  return async () => {
    await stop(pulse)
    rmSync(dir, { recursive: true, force: true })
  }
}

async function waitForSocket(pulse: ChildProcess, socket: string, log: string[]) {
  let failure: Error | null = null
  pulse.once('error', (error) => {
    failure = new Error(`Could not start pulseaudio (${error.message}). Install it: sudo apt-get install -y pulseaudio`)
  })
  pulse.once('exit', (code) => {
    failure ??= new Error(`pulseaudio exited with ${code} before listening:\n${log.join('')}`)
  })
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (failure) throw failure
    if (existsSync(socket)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  pulse.kill('SIGKILL')
  throw new Error(`pulseaudio did not listen on ${socket} within ${START_TIMEOUT_MS} ms:\n${log.join('')}`)
}

async function stop(pulse: ChildProcess) {
  if (pulse.exitCode !== null || pulse.signalCode !== null) return
  const exited = new Promise((resolve) => pulse.once('exit', resolve))
  pulse.kill('SIGTERM')
  const timer = setTimeout(() => pulse.kill('SIGKILL'), 3000)
  await exited
  clearTimeout(timer)
}
