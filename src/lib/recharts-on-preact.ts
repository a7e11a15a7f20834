import { setAutoFreeze } from 'immer'

// Recharts keeps some of a chart's elements in its Redux store (a Bar's <Cell>s, an axis' tick), and Immer freezes
// what the store holds. React leaves an element as it was made; Preact, which runs React's API in the browser
// (vite.config.ts), writes its bookkeeping onto each element it renders, and a frozen one throws ("Cannot assign to
// read only property '__'"): the whole page fell to its error screen. Freezing is a development guard; the store
// is still only changed through its reducers. Imported by the charts' chunk (features/usage/plots.ts), before any
// chart is drawn.
setAutoFreeze(false)
