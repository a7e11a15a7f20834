import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext } from '@tanstack/react-router'
import { AppLayout } from '@/features/shell/app-layout'
import { NotFound, RootError } from '@/features/shell/root-states'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: AppLayout,
  errorComponent: RootError,
  notFoundComponent: NotFound,
})
