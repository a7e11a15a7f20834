// The page under a real router, as the app renders it (tests only): a router over a memory history and a query client.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type AnyRoute, createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'

/** The routes opened at `path`, with the query client given (a fresh one by default); the router, to navigate. */
export function renderRoutes(routeTree: AnyRoute, path: string, client: QueryClient = new QueryClient()) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}
