// The web tests' one bound for findBy* and waitFor: Testing Library's default is 1 s, shorter than a lazily loaded
// chunk or a retried query takes in jsdom on a loaded CI (a call page's lazily loaded 404 state missed it there,
// 2026-12-06). A wait still ends as soon as what it waits for shows; only a test that fails waits this long.
import { configure } from '@testing-library/react'

configure({ asyncUtilTimeout: 10_000 })
