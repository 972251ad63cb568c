// Which credential classes and which MFA gate an operation must declare, as rules over the route
// index. Routes still declare `auth` and `mfa` themselves (a route reads as a table of contents);
// tests/integration/route-rules.test.ts checks every declaration against these rules, so a new
// route that breaks them fails the suite instead of drifting.

export interface RouteRuleSubject {
  method: string;
  /** Path pattern under /api/v1 with `{param}` segments, as in the route index. */
  path: string;
  permission: string;
  mfa: boolean;
}

export interface RouteRule {
  name: string;
  reason: string;
  applies: (op: RouteRuleSubject) => boolean;
}

const write = (method: string) => method !== 'GET';
const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
const branding = (path: string) => path.includes('/portal-branding');

/**
 * Writes that need a user session that completed an MFA challenge (doc 1 Authentication rule 2)
 * when ENABLE_2FA is on. A route is MFA-gated exactly when one of these applies.
 */
export const MFA_RULES: RouteRule[] = [
  {
    name: 'tenancy-mutating',
    reason:
      'creates, changes or removes a tenant boundary or what may enter it: partners, organizations, sites, the partner settings (IP allowlist, service mode), moving or decommissioning a device, and minting enrollment credentials',
    applies: ({ method, path }) =>
      write(method) &&
      !branding(path) &&
      (under(path, '/orgs/partners') ||
        under(path, '/orgs/organizations') ||
        under(path, '/orgs/sites') ||
        (method === 'POST' && (path === '/enrollment-keys' || path === '/enrollment-keys/{id}/rotate' || path === '/devices/provision')) ||
        (method === 'DELETE' && path === '/devices/{id}') ||
        path === '/devices/{id}/move-org'),
  },
  {
    name: 'granting',
    reason: 'grants access: invitations, role and access changes, custom roles, API keys and service principals, portal access, single sign-on providers (they create users and map roles), installing or re-enabling a plugin (its credential) and adding a plugin manifest (what partners may grant)',
    applies: ({ method, path }) =>
      (write(method) && method !== 'DELETE' && (path === '/users/invite' || path === '/users/{id}' || path === '/users/{id}/role')) ||
      (write(method) && method !== 'DELETE' && under(path, '/roles')) ||
      (write(method) && method !== 'DELETE' && under(path, '/api-keys')) ||
      under(path, '/service-principals') ||
      (write(method) && under(path, '/sso/providers')) ||
      (method === 'POST' && (path === '/plugins/catalog' || path === '/plugins/installations' || path === '/plugins/installations/{id}/enable')) ||
      (write(method) && /^\/orgs\/contacts\/\{contactId\}\/portal-(invite|access)$/.test(path)),
  },
  {
    name: 'bulk-provisioning',
    reason: 'bulk organization, site and contact import, PSA company import and script bundles (doc 3: partner-admin JWT with MFA satisfied)',
    applies: ({ path }) => under(path, '/orgs/import') || under(path, '/orgs/contacts/import') || under(path, '/psa/connections/{id}/import') || under(path, '/scripts/bundle'),
  },
  {
    name: 'distributor',
    reason: 'every distributor mutation is MFA-gated and audited (doc 2 Distributor ordering)',
    applies: ({ method, path }) => write(method) && under(path, '/distributor'),
  },
  {
    name: 'vulnerability-remediation',
    reason: 'installs patches across every device a vulnerability affects at once (doc 1 Vulnerabilities: devices:execute and MFA)',
    applies: ({ method, path }) => method === 'POST' && path === '/vulnerabilities/remediate',
  },
  {
    name: 'response-templates',
    reason: 'canned replies: partner scope and MFA for management (doc 2 Tickets)',
    applies: ({ method, path }) => write(method) && under(path, '/ticket-response-templates') && !path.endsWith('/render'),
  },
  {
    name: 'system-tools-destructive',
    reason: 'killing a process, stopping a service, disabling a scheduled task, uploading a file and writing the registry of a device also need MFA (doc 1 System tools)',
    applies: ({ method, path }) =>
      under(path, '/system-tools/devices') &&
      ((method === 'POST' &&
        (path.endsWith('/processes/{pid}/kill') || path.endsWith('/services/{name}/stop') || path.endsWith('/tasks/{path}/disable') || path.endsWith('/files/upload'))) ||
        (write(method) && (path.endsWith('/registry/value') || path.endsWith('/registry/key')))),
  },
  {
    name: 'remote-access',
    reason: 'opening a shell, a desktop or a tunnel into a device hands the device over (doc 1 Remote access): minting its session, tickets, codes and signalling',
    applies: ({ method, path }) =>
      method === 'POST' &&
      (path === '/remote/sessions' || path === '/tunnels' || path === '/tunnels/{id}/http-ticket' || /^\/remote\/sessions\/\{id\}\/(ws-ticket|desktop-connect-code|offer|ice)$/.test(path)),
  },
  {
    name: 'agent-releases',
    reason: 'an uploaded agent artifact is signed with the release key, so it is code the whole fleet trusts; promoting a release (or widening its rollout) offers it to every agent, and removing releases and artifacts goes with it',
    applies: ({ method, path }) =>
      (method === 'POST' && path === '/agent-versions/{version}/artifacts/{os}/{arch}') || (method === 'PATCH' && path === '/agent-versions/{version}') || (method === 'DELETE' && under(path, '/agent-versions/{version}')),
  },
];

/**
 * Operations a signed-in person can call but an API key cannot. Every other operation that
 * accepts a user session accepts the user's API keys too (`auth: ['user', 'apiKey']`).
 */
export const PEOPLE_ONLY_RULES: RouteRule[] = [
  {
    name: 'mfa-gated',
    reason: 'an API key never completes an MFA challenge',
    applies: ({ mfa }) => mfa,
  },
  {
    name: 'identity-and-access',
    reason: 'people administer identities, access and credentials: a key cannot mint keys, invite users or change access',
    applies: ({ permission }) => permission === 'users:manage' || permission === 'api_keys:manage' || permission === 'sso:manage',
  },
  {
    name: 'ai-assistant',
    reason: "the assistant's tools run with the signed-in person's own session credential; integrations reach the same tools with an API key through MCP",
    applies: ({ path }) => under(path, '/ai/sessions') || under(path, '/ai/admin') || path === '/ai/usage' || path === '/ai/budget',
  },
  {
    name: 'own-session',
    reason: "the signed-in person's own session, MFA enrolment and profile (password change)",
    applies: ({ path }) => under(path, '/auth') || path === '/users/me',
  },
];

export function matchingRules(rules: RouteRule[], op: RouteRuleSubject): RouteRule[] {
  return rules.filter((rule) => rule.applies(op));
}
