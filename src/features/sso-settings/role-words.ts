import type { Role } from '@/api/contract/console-schemas'

/** The roles in words, on this page's choices. */
export const ROLE_WORDS: Record<Role, string> = { support: 'Support', manager: 'Manager', admin: 'Admin' }

/** The default role in words: none refuses whoever no group places. */
export const defaultRoleWords = (role: Role | null) => (role ? ROLE_WORDS[role] : 'Nobody (refuse them)')
