// Who sees and who gives a call's scores (pure): those who score (calls:score: managers, admins) see every score of
// every call and give their own; the person who placed the call reads its scores; nobody else sees any.
import type { Role } from '../../../src/api/contract/console-schemas'
import { can } from '../roles'

export interface Asker {
  userId: string
  role: Role
}

export const mayScore = (asker: Asker) => can(asker.role, 'calls:score')

export const maySeeScores = (asker: Asker, placerId: string | null) =>
  mayScore(asker) || (placerId !== null && placerId === asker.userId)
