import { describe, expect, it } from 'vitest'
import { findSecrets, secretNeedles } from './secrets'

describe('findSecrets', () => {
  const files = [
    { path: 'assets/index.js', text: 'fetch(u,{headers:{Authorization:"Bearer sim_demo_key_acme"}})' },
    { path: 'assets/calls.js', text: 'const k="live_key_123"' },
    { path: 'index.html', text: '<script type="module" src="/assets/index.js"></script>' },
  ]

  it('finds the demo key prefix, a bearer header and the configured key, naming the file', () => {
    expect(findSecrets(files, secretNeedles('live_key_123'))).toEqual([
      { path: 'assets/index.js', label: 'sim_demo_key_' },
      { path: 'assets/index.js', label: 'Bearer sim_' },
      { path: 'assets/calls.js', label: 'the VOICE_API_KEY value' },
    ])
  })

  it('never prints the configured key itself', () => {
    const labels = secretNeedles('live_key_123').map((needle) => needle.label)
    expect(labels.join(' ')).not.toContain('live_key_123')
  })

  it('passes a clean build, and skips an empty configured key', () => {
    expect(findSecrets(files.slice(2), secretNeedles(''))).toEqual([])
    expect(secretNeedles('')).toHaveLength(2)
  })
})
