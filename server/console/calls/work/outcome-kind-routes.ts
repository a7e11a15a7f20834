// /api/console/outcome-kinds: the outcomes people choose from after a call. Everyone who reads calls reads the
// list (archived ones too, for the calls that have them); admins add, rename, reorder and archive. Audited.
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { every } from 'hono/combine'
import {
  type OutcomeKind,
  type OutcomeKindsResponse,
  outcomeKindChange,
  outcomeKindInput,
} from '../../../../src/api/contract/outcome-kind-schemas'
import type { AuditLog } from '../../audit/audit-log'
import { actorOf, requestFacts } from '../../audit/request-facts'
import { requirePermission, type SessionEnv } from '../../auth/require-session'
import { jsonBody } from '../../http/json-body'
import { sendProblem } from '../../http/problem'
import type { ConsoleStore } from '../../store'
import type { OutcomeKindRow } from '../../store/call-work'

const toKind = ({ position: _, ...kind }: OutcomeKindRow): OutcomeKind => kind

export function outcomeKindRoutes(options: {
  store: ConsoleStore
  audit: AuditLog
  signedIn: MiddlewareHandler<SessionEnv>
}) {
  const work = options.store.callWork
  const manage = every(options.signedIn, requirePermission('outcome-kinds:manage'))
  const list = async (c: Context, status: 200 | 201 = 200) => {
    const body: OutcomeKindsResponse = { outcome_kinds: (await work.kinds()).map(toKind) }
    return c.json(body, status)
  }
  const audited = (
    c: Context<SessionEnv>,
    action: 'outcome-kind.created' | 'outcome-kind.changed',
    id: string,
    detail: object,
  ) =>
    options.audit.record({
      actor: actorOf(c.get('session')),
      ...requestFacts(c),
      action,
      target: id,
      outcome: 200,
      detail: { ...detail },
    })

  return new Hono<SessionEnv>()
    .get('/', options.signedIn, requirePermission('calls:read'), (c) => list(c))
    .post('/', manage, jsonBody(outcomeKindInput, 'Check the new outcome.'), async (c) => {
      const kind = c.req.valid('json')
      if (!(await work.addKind(kind)))
        return sendProblem(c, 409, 'That outcome exists', `An outcome with the id “${kind.id}” exists already.`, {
          errors: [{ field: 'id', message: 'Choose another id.' }],
        })
      await audited(c, 'outcome-kind.created', kind.id, kind)
      return list(c, 201)
    })
    .patch('/:id', manage, jsonBody(outcomeKindChange, 'Check the outcome’s changes.'), async (c) => {
      const id = c.req.param('id')
      const change = c.req.valid('json')
      if (!(await work.changeKind(id, change)))
        return sendProblem(c, 404, 'No such outcome', 'That outcome does not exist. Reload the list.')
      await audited(c, 'outcome-kind.changed', id, change)
      return list(c)
    })
}
