// Single sign-on set from the page (issue 53, item 7, admins): the setting, saving it, and testing a provider without
// saving. Loaded with the Single sign-on page only.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import { CONSOLE_PREFIX } from './contract/console-schemas'
import {
  SSO_SETTINGS_PATH,
  SSO_SETTINGS_TEST_PATH,
  type SsoSettingsInput,
  type SsoTestInput,
  ssoSettingsAnswer,
  ssoTestAnswer,
} from './contract/sso-settings-schemas'

export const ssoSettingsQueries = {
  all: () => ['sso-settings'] as const,
  current: () =>
    queryOptions({
      queryKey: [...ssoSettingsQueries.all(), 'current'] as const,
      queryFn: ({ signal }) =>
        apiRequest(SSO_SETTINGS_PATH, { prefix: CONSOLE_PREFIX, schema: ssoSettingsAnswer, signal }),
    }),
}

export const saveSsoSettings = (settings: SsoSettingsInput) =>
  apiRequest(SSO_SETTINGS_PATH, { prefix: CONSOLE_PREFIX, method: 'PUT', body: settings, schema: ssoSettingsAnswer })

export const testSsoSettings = (provider: SsoTestInput) =>
  apiRequest(SSO_SETTINGS_TEST_PATH, { prefix: CONSOLE_PREFIX, method: 'POST', body: provider, schema: ssoTestAnswer })
