// The little of oidc-provider (v9) the demo provider uses: the package ships no types.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface InteractionDetails {
    uid: string
    prompt: { name: string }
    params: Record<string, unknown>
  }

  export interface KoaContext {
    path: string
    body: unknown
    oidc: {
      result?: { login?: unknown }
      client: { clientId: string }
      session: { accountId: string }
      provider: Provider
    }
  }

  export class Grant {
    constructor(init: { clientId: string; accountId: string })
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export namespace interactionPolicy {
    class Check {
      static REQUEST_PROMPT: boolean
      static NO_NEED_TO_PROMPT: boolean
      constructor(reason: string, description: string, check: (ctx: KoaContext) => boolean)
    }
    interface Prompt {
      checks: { add(check: Check): void }
    }
    interface Policy {
      get(name: string): Prompt
    }
    function base(): Policy
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    readonly issuer: string
    Grant: typeof Grant
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void
    on(event: string, listener: (...args: unknown[]) => void): void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
  }
}
