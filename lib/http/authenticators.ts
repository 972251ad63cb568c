// Credential classes the route wrapper understands. Each maps a request to a context or
// throws an AppError; a route names the classes it accepts with `auth`.
import type { AgentContext, AnonymousContext, ApiKeyContext, PortalContext, ServicePrincipalContext, UserContext } from '@/lib/auth/context';
import { authenticateUser } from '@/lib/auth/authenticate-user';
import { authenticateApiKey } from '@/lib/api-keys/authenticate-api-key';
import { authenticateInboundEmail, type InboundEmailContext } from '@/lib/tickets/inbound/authenticate-inbound-email';
import { authenticateAgent } from '@/lib/agents/authenticate-agent';
import { authenticatePortal } from '@/lib/portal/session/authenticate-portal';
import { authenticateServicePrincipal } from '@/lib/partner-api/authenticate-service-principal';

export interface BaseRequestInfo {
  requestId: string;
  ip: string | null;
}

/** Extended by later domains (agents, API keys, portal sessions) through declaration merging. */
export interface AuthContexts {
  user: UserContext;
  /** User-owned API key: `X-API-Key: rmm_ak_…` (or `Authorization: Bearer rmm_ak_…`). */
  apiKey: ApiKeyContext;
  none: AnonymousContext;
  /** The MTA hook of POST /tickets/inbound-email (shared secret INBOUND_EMAIL_SECRET). */
  inboundEmail: InboundEmailContext;
  /** Agent token with full agent access; refused (403) while the partner is offboarding. */
  agent: AgentContext;
  /** Agent token, also accepted in the narrowed offboarding mode (heartbeat, self_uninstall). */
  agentNarrowed: AgentContext;
  /** Customer portal session: the sealed `rmm_portal` cookie (+ X-CSRF-Token on writes). */
  portal: PortalContext;
  /** Partner service principal: `X-API-Key: svc_sp_…`, only on /api/v1/partner-api/*, never MFA. */
  servicePrincipal: ServicePrincipalContext;
}

export type AuthKind = keyof AuthContexts;

type Authenticator<K extends AuthKind> = (req: Request, base: BaseRequestInfo) => Promise<AuthContexts[K]>;

const registry: { [K in AuthKind]?: Authenticator<K> } = {
  user: authenticateUser,
  apiKey: authenticateApiKey,
  none: async (_req, base) => ({ kind: 'anonymous', ...base }),
  inboundEmail: authenticateInboundEmail,
  agent: (req, base) => authenticateAgent(req, base, { allowNarrowed: false }),
  agentNarrowed: (req, base) => authenticateAgent(req, base, { allowNarrowed: true }),
  portal: authenticatePortal,
  servicePrincipal: authenticateServicePrincipal,
};

export function registerAuthenticator<K extends AuthKind>(kind: K, fn: Authenticator<K>): void {
  (registry as Record<string, unknown>)[kind] = fn;
}

export function authenticatorFor<K extends AuthKind>(kind: K): Authenticator<K> {
  const fn = registry[kind] as Authenticator<K> | undefined;
  if (!fn) throw new Error(`No authenticator registered for auth kind "${kind}"`);
  return fn;
}
