/** The part of oidc-provider (which ships no types) that Fleetdesk uses: the demo and test identity provider. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }

  export interface OidcContext {
    oidc: {
      client?: { clientId: string };
      session?: {
        accountId?: string;
        grantIdFor(clientId: string): string | undefined;
        ensureClientContainer(clientId: string): void;
        grantIdFor(clientId: string, value: string): void;
      };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
      params?: Record<string, unknown>;
    };
  }

  export class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: { new (props: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  export default Provider;
}
