// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { preloadable } from './preloadable'

afterEach(cleanup)

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>
}

/** An importer that resolves when told, as a chunk on a network would. */
function chunk() {
  let resolve = () => {}
  const arrived = new Promise<void>((done) => {
    resolve = done
  })
  const importer = async () => {
    await arrived
    return { default: Greeting }
  }
  return { importer, arrive: () => resolve() }
}

const page = (Part: (props: { name: string }) => React.ReactNode) => (
  <Suspense fallback={<p>waiting</p>}>
    <Part name="Ada" />
  </Suspense>
)

describe('preloadable', () => {
  it('renders a loaded module in the first render, without suspending', async () => {
    const { importer, arrive } = chunk()
    const part = preloadable(importer)
    arrive()
    await part.load()
    render(page(part.Component))
    // Synchronously there: a lazy component would show the fallback first.
    expect(screen.getByText('Hello Ada')).toBeTruthy()
    expect(screen.queryByText('waiting')).toBeNull()
  })

  it('suspends as React.lazy does until the module arrives', async () => {
    const { importer, arrive } = chunk()
    const part = preloadable(importer)
    render(page(part.Component))
    expect(screen.getByText('waiting')).toBeTruthy()
    await act(async () => arrive())
    expect(await screen.findByText('Hello Ada')).toBeTruthy()
  })
})
