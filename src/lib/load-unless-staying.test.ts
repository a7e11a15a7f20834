import { describe, expect, it } from 'vitest'
import { loadUnlessStaying } from './load-unless-staying'

const held = () => {
  let finish = () => {}
  const promise = new Promise<void>((resolve) => {
    finish = resolve
  })
  return { promise, finish }
}

describe('loadUnlessStaying', () => {
  it('waits for the load when the page is entered or preloaded', async () => {
    for (const cause of ['enter', 'preload'] as const) {
      const load = held()
      let done = false
      const loading = loadUnlessStaying(cause, () => load.promise).then(() => {
        done = true
      })
      await Promise.resolve()
      expect(done).toBe(false)
      load.finish()
      await loading
      expect(done).toBe(true)
    }
  })

  it('starts the load and does not wait for it on a new search within the page', async () => {
    const load = held()
    let started = false
    await loadUnlessStaying('stay', () => {
      started = true
      return load.promise
    })
    expect(started).toBe(true)
    load.finish()
  })

  it('leaves a failure of a load it did not wait for to the page, never an unhandled rejection', async () => {
    await expect(loadUnlessStaying('stay', () => Promise.reject(new Error('slow upstream')))).resolves.toBeUndefined()
    await expect(loadUnlessStaying('enter', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
  })
})
