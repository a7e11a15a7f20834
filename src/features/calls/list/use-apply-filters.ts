import { getRouteApi } from '@tanstack/react-router'
import { type CallsSearch, withFilters } from './calls-search'

const route = getRouteApi('/calls/')

/** Sets filters in the URL, replacing the entry: Back leaves the list instead of undoing filters one by one. */
export function useApplyFilters() {
  const navigate = route.useNavigate()
  return (change: Partial<CallsSearch>) => navigate({ search: (prev) => withFilters(prev, change), replace: true })
}
