import { type ComponentType, lazy } from 'react'

/**
 * React.lazy whose module, once loaded by `load` (say beside a page's data, in a route's loader), renders at once.
 * A lazy component suspends on its first render even when its chunk is already here, and React holds the reveal
 * of a suspended part for up to 300 ms: long enough to push a page down after it has shown.
 */
export function preloadable<Props extends object, Module extends { default: ComponentType<Props> }>(
  importer: () => Promise<Module & { default: ComponentType<Props> }>,
) {
  let loaded: ComponentType<Props> | undefined
  const load = () =>
    importer().then((module) => {
      loaded = module.default
      return module
    })
  const Lazy = lazy(load)
  function Preloadable(props: Props) {
    const Loaded = loaded
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />
  }
  return { load, Component: Preloadable }
}
