import { describe, expect, it } from 'vitest'
import { __vitePreload } from './preload-chunks'

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) =>
    link.getAttribute('href'),
  )

describe('the preload of a lazy chunk’s imports', () => {
  it('links each import for preloading before the chunk is imported, and imports it', async () => {
    let linkedFirst: (string | null)[] = []
    const module = await __vitePreload(async () => {
      linkedFirst = preloads()
      return { page: 'calls' }
    }, ['assets/AAAAAAA.js', 'assets/BBBBBBB.js'])

    expect(module).toEqual({ page: 'calls' })
    expect(linkedFirst).toEqual(['/assets/AAAAAAA.js', '/assets/BBBBBBB.js'])
    const link = document.head.querySelector<HTMLLinkElement>('link[href="/assets/AAAAAAA.js"]')
    expect(link?.crossOrigin).toBe('')
  })

  it('links an import only once, however many chunks share it', async () => {
    await __vitePreload(async () => undefined, ['assets/CCCCCCC.js', 'assets/DDDDDDD.js'])
    await __vitePreload(async () => undefined, ['assets/CCCCCCC.js', 'assets/EEEEEEE.js'])
    await __vitePreload(async () => undefined)

    expect(preloads().filter((href) => href === '/assets/CCCCCCC.js')).toHaveLength(1)
    expect(preloads()).toContain('/assets/EEEEEEE.js')
  })

  it('links no stylesheet: the entry’s, which Vite lists with the chunks that import from the entry, is in the page', async () => {
    await __vitePreload(async () => undefined, ['assets/GGGGGGG.js', 'assets/index-HHHHHHHH.css'])
    expect(preloads()).toContain('/assets/GGGGGGG.js')
    expect(document.head.querySelector('link[href$=".css"]')).toBeNull()
  })

  it('rejects to the importer when the chunk cannot load', async () => {
    const failure = new Error('Failed to fetch dynamically imported module')
    await expect(__vitePreload(() => Promise.reject(failure), ['assets/FFFFFFF.js'])).rejects.toBe(failure)
  })
})
