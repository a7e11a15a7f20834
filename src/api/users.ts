// User administration's list (admins): the one place that names its query keys. The /users route's loader reads it,
// so it is in every page's first JavaScript; what an admin changes is in user-changes.ts, set-up in set-up.ts.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import { CONSOLE_PREFIX } from './contract/console-schemas'
import { USERS_PATHS, usersResponse } from './contract/users-schemas'

export const userQueries = {
  all: () => ['users'] as const,
  lists: () => [...userQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: userQueries.lists(),
      queryFn: ({ signal }) => apiRequest(USERS_PATHS.list, { prefix: CONSOLE_PREFIX, schema: usersResponse, signal }),
    }),
}
