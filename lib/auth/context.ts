import type { Permission } from '@/lib/auth/permissions';

export type Scope = 'system' | 'partner' | 'organization';
export type OrgAccessMode = 'all' | 'selected' | 'none';

interface BaseContext {
  requestId: string;
  ip: string | null;
}

/** A signed-in person (console JWT). Resolved from the database on every request. */
export interface UserContext extends BaseContext {
  kind: 'user';
  userId: string;
  email: string;
  name: string;
  sessionId: string;
  scope: Scope;
  partnerId: string | null;
  orgId: string | null;
  roleId: string;
  permissions: ReadonlySet<Permission>;
  orgAccess: OrgAccessMode;
  orgIds: readonly string[];
  /** True when this session completed an MFA challenge. */
  mfa: boolean;
}

/**
 * A user-owned API key (`rmm_ak_…`). It acts as its owner, resolved on every request, with the
 * owner's current permissions narrowed to the key's scopes. Never MFA-satisfied.
 */
export interface ApiKeyContext extends BaseContext {
  kind: 'apiKey';
  apiKeyId: string;
  /** The owner. */
  userId: string;
  email: string;
  name: string;
  scope: Scope;
  partnerId: string | null;
  orgId: string | null;
  roleId: string;
  permissions: ReadonlySet<Permission>;
  orgAccess: OrgAccessMode;
  orgIds: readonly string[];
  /** Set when the key is a plugin installation's credential (its calls are logged for the plugin). */
  pluginInstallationId?: string;
}

/**
 * A customer signed in to the portal: an organization contact with the `portal` role. Its
 * tenancy is that one organization (scope `organization`); its permissions are the fixed
 * portal set (lib/portal/session/portal-permissions.ts).
 */
export interface PortalContext extends BaseContext {
  kind: 'portal';
  contactId: string;
  portalSessionId: string;
  email: string;
  name: string;
  scope: 'organization';
  partnerId: string;
  orgId: string;
  orgAccess: OrgAccessMode;
  orgIds: readonly string[];
  permissions: ReadonlySet<Permission>;
}

/** No credentials (health, registration, enrollment). */
export interface AnonymousContext extends BaseContext {
  kind: 'anonymous';
}


/** A person acting in the hierarchy, signed in or through one of their API keys. */
export type ActorContext = UserContext | ApiKeyContext;
/** An enrolled agent (bearer agent token). Never passes the user IP-allowlist guard. */
export interface AgentContext extends BaseContext {
  kind: 'agent';
  agentId: string;
  deviceId: string;
  partnerId: string;
  orgId: string;
  siteId: string | null;
  hostname: string;
  deviceStatus: string;
  agentVersion: string | null;
  osVersion: string | null;
  /** windows, macos or linux; null until the device reported it. */
  osType: string | null;
  /** amd64, arm64…; null until the device reported it. */
  architecture?: string | null;
  /** The agent's last reported self-update state and the version it was about. */
  agentUpdateState?: string | null;
  agentUpdateVersion?: string | null;
  agentUpdateAt?: Date | null;
  /** True while the partner is offboarding: heartbeat and self_uninstall only. */
  narrowed: boolean;
}

/**
 * A partner service principal (`svc_sp_…`), only on /partner-api/*. It acts for its partner
 * within its organization access; `permissions` is empty on purpose (the partner API checks
 * its own scope catalogue, `partnerScopes`), so no console permission check can pass for it.
 */
export interface ServicePrincipalContext extends BaseContext {
  kind: 'servicePrincipal';
  servicePrincipalId: string;
  name: string;
  scope: 'partner';
  partnerId: string;
  orgId: null;
  orgAccess: OrgAccessMode;
  orgIds: readonly string[];
  permissions: ReadonlySet<Permission>;
  partnerScopes: ReadonlySet<string>;
  expiresAt: Date | null;
  allowedCidrs: readonly string[];
  writeLimitPerHour: number;
}

export type AuthContext = UserContext | ApiKeyContext | PortalContext | AnonymousContext | AgentContext | ServicePrincipalContext;

/** Contexts that act inside the tenant hierarchy and can be scoped. */
export type ScopedContext = Pick<UserContext, 'scope' | 'partnerId' | 'orgId' | 'orgAccess' | 'orgIds'>;

export function actorOf(ctx: AuthContext): { type: string; id: string | null; email: string | null } {
  if (ctx.kind === 'user') return { type: 'user', id: ctx.userId, email: ctx.email };
  if (ctx.kind === 'apiKey') return { type: 'api_key', id: ctx.apiKeyId, email: ctx.email };
  if (ctx.kind === 'agent') return { type: 'agent', id: ctx.agentId, email: null };
  if (ctx.kind === 'portal') return { type: 'contact', id: ctx.contactId, email: ctx.email };
  if (ctx.kind === 'servicePrincipal') return { type: 'service_principal', id: ctx.servicePrincipalId, email: null };
  return { type: 'anonymous', id: null, email: null };
}
