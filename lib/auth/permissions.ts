// The one typed catalogue of permissions. Every route declares one of these (or 'none'), and
// GET /roles/permissions/available lists them with their descriptions.

export const PERMISSIONS = {
  'orgs:read': 'View organizations and their sites',
  'orgs:write': 'Create, edit and delete organizations',
  'sites:write': 'Create, edit and delete sites',
  'partner:manage': 'Edit partner settings (business hours, security, service-management mode)',
  'devices:read': 'View devices, groups, tags and inventory',
  'devices:write': 'Edit, move, group and decommission devices; manage enrollment keys',
  'devices:execute': 'Send commands and run scripts on devices',
  'scripts:read': 'View scripts and their executions',
  'scripts:write': 'Create, edit and delete scripts',
  'alerts:read': 'View alerts, rules, channels and notifications',
  'alerts:write': 'Acknowledge, resolve and configure alerts',
  'tickets:read': 'View tickets',
  'tickets:write': 'Create and update tickets, comment and attach files',
  'tickets:manage': 'Delete, restore and bulk-manage tickets; manage canned replies',
  'contracts:read': 'View contracts and device billing coverage',
  'billing:manage': 'Manage catalog, quotes, invoices, contracts and distributor orders',
  'webhooks:read': 'View webhooks and their deliveries',
  'webhooks:manage': 'Create, edit, test and retry webhooks',
  'users:read': 'View users and roles',
  'users:manage': 'Invite, edit and remove users; manage roles and access reviews',
  'api_keys:manage': 'Create, rotate and revoke API keys and service principals',
  'audit:read': 'View and export the audit log',
  'vulnerabilities:accept_risk': 'Accept risk for vulnerability findings',
  'software:read': 'View the software catalog (inventory reads need devices:read)',
  'software:manage': 'Create, edit and delete software catalog packages, versions and installers',
  'patches:read': 'View patches, approvals, patch jobs and patch compliance',
  'patches:approve': 'Approve, decline and defer patches',
  'patches:deploy': 'Scan devices for patches, install approved patches and roll them back',
  'deployments:read': 'View deployments and their per-device results',
  'deployments:manage': 'Create, edit, start, pause, resume, cancel, retry and delete deployments',
  'automations:read': 'View automations and their run history',
  'automations:manage': 'Create, edit, delete, trigger and run automations',
  'policies:read': 'View configuration policies, their assignments, compliance and the effective policy of devices',
  'policies:manage': 'Create, edit, assign, deactivate and delete configuration policies',
  'filters:read': 'View and preview saved device filters (their own and the shared ones)',
  'filters:manage': 'Create, edit and delete saved device filters',
  'analytics:read': 'Run analytics queries and view dashboards, capacity, SLA compliance and summaries',
  'analytics:manage': 'Create, edit and delete analytics dashboards, widgets and SLA definitions',
  'reports:read': 'View reports, their runs and files, and report data',
  'reports:manage': 'Create, edit, schedule, generate and delete reports',
  'discovery:read': 'View network discovery profiles, scan jobs, discovered assets and the topology',
  'discovery:manage': 'Create and edit discovery profiles, run and cancel scans, link, ignore, delete and monitor discovered assets',
  'pam:read': 'View elevation requests, active elevations, elevation rules, signer groups and the default verdict',
  'pam:manage': 'Approve, deny and revoke elevations; manage elevation rules, signer groups and the default verdict',
  'sso:read': 'View single sign-on providers (never their client secrets)',
  'sso:manage': 'Create, edit and delete single sign-on providers, their role mapping and enforcement',
  'psa:read': 'View PSA connections, their sync status and the tickets synced from the PSA (never their credentials)',
  'psa:manage': 'Create, edit, test, sync and delete PSA connections',
  'plugins:read': 'View the plugin catalogue, installed plugins and their logs',
  'plugins:manage': 'Install, configure, enable, disable and uninstall plugins (and, in system scope, add manifests to the catalogue)',
  'ai:use': 'Use the AI assistant (its tools act with the user’s own permissions; changes wait for approval)',
  'ai:admin': 'View the partner’s AI usage and budget, every user’s assistant sessions and the AI security events',
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: string): value is Permission {
  return Object.prototype.hasOwnProperty.call(PERMISSIONS, value);
}

const READ_ONLY: Permission[] = ALL_PERMISSIONS.filter((p) => p.endsWith(':read'));

const TECHNICIAN: Permission[] = [
  ...READ_ONLY.filter((p) => p !== 'audit:read'),
  'devices:write',
  'devices:execute',
  'scripts:write',
  'alerts:write',
  'tickets:write',
  'patches:approve',
  'patches:deploy',
  'deployments:manage',
  'automations:manage',
  'policies:manage',
  'filters:manage',
  'analytics:manage',
  'reports:manage',
  'discovery:manage',
  'pam:manage',
  'ai:use',
];

/** Built-in roles every partner gets (isSystem: read-only, clonable). */
export const BUILT_IN_PARTNER_ROLES = [
  { name: 'Partner Admin', scope: 'partner', description: 'Full access to the partner and all of its organizations', permissions: ALL_PERMISSIONS },
  { name: 'Technician', scope: 'partner', description: 'Day-to-day device, alert, script and ticket work', permissions: TECHNICIAN },
  { name: 'Read Only', scope: 'partner', description: 'View everything, change nothing', permissions: READ_ONLY },
  {
    name: 'Organization Admin',
    scope: 'organization',
    description: 'Customer staff managing their own organization',
    permissions: ['orgs:read', 'sites:write', 'devices:read', 'devices:write', 'devices:execute', 'scripts:read', 'alerts:read', 'alerts:write', 'tickets:read', 'tickets:write', 'users:read', 'webhooks:read', 'webhooks:manage', 'patches:read', 'patches:approve', 'patches:deploy', 'deployments:read', 'deployments:manage', 'filters:read', 'filters:manage', 'analytics:read', 'analytics:manage', 'reports:read', 'reports:manage', 'automations:read', 'automations:manage', 'policies:read', 'policies:manage', 'discovery:read', 'discovery:manage', 'pam:read', 'pam:manage', 'sso:read', 'sso:manage', 'ai:use'] as Permission[],
  },
  {
    name: 'Organization User',
    scope: 'organization',
    description: 'Customer staff with read access to their own organization',
    permissions: ['orgs:read', 'devices:read', 'alerts:read', 'tickets:read', 'tickets:write', 'patches:read', 'deployments:read', 'filters:read', 'analytics:read', 'reports:read', 'automations:read', 'policies:read', 'discovery:read', 'ai:use'] as Permission[],
  },
] as const;

export const PLATFORM_ADMIN_ROLE = {
  name: 'Platform Admin',
  scope: 'system',
  description: 'Operates the whole service across every partner',
  permissions: ALL_PERMISSIONS,
} as const;
