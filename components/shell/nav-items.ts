'use client';

// The console's page catalogue: the sidebar's sections, the pages the command palette finds and
// the settings index all read it, and all filter it the same way (permissions, partner or
// platform scope, service-management mode).
import { useMe } from '@/hooks/use-me';
import { useMyPartner } from '@/hooks/use-partner';

export interface NavItem {
  href: string;
  label: string;
  permission?: string;
  partnerOnly?: boolean;
  /** Platform operators only (system scope): the API refuses everyone else. */
  systemOnly?: boolean;
  /** One line for the settings index and the palette. */
  description?: string;
}

export interface NavSection {
  section: string;
  items: NavItem[];
  /** Hidden while the partner's service-management mode is off (doc 1). */
  serviceManagement?: boolean;
}

/** Pinned above the sections: always visible, whatever is collapsed. */
export const HOME: NavItem = { href: '/', label: 'Dashboard' };

// Alert monitors live under Alerts (its section tabs list them): one entry per page here.
export const NAV: NavSection[] = [
  {
    section: 'Operate',
    items: [
      { href: '/organizations', label: 'Organizations', permission: 'orgs:read' },
      { href: '/devices', label: 'Devices', permission: 'devices:read' },
      { href: '/groups', label: 'Device groups', permission: 'devices:read' },
      { href: '/tags', label: 'Tags', permission: 'devices:read' },
      { href: '/alerts', label: 'Alerts', permission: 'alerts:read' },
      { href: '/incidents', label: 'Incident feed', permission: 'alerts:read', description: 'Tracked incidents and EDR findings, most severe first.' },
      { href: '/maintenance', label: 'Maintenance', permission: 'devices:read' },
      { href: '/patches', label: 'Patches', permission: 'patches:read' },
      { href: '/vulnerabilities', label: 'Vulnerabilities', permission: 'devices:read', description: 'Known vulnerabilities in installed software, by CVE and by package, with remediation.' },
      { href: '/notifications', label: 'Notifications' },
      { href: '/assets', label: 'Assets', permission: 'devices:read' },
      { href: '/scripts', label: 'Scripts', permission: 'scripts:read' },
      { href: '/software', label: 'Software', permission: 'devices:read', description: 'Installed software across the fleet, and the software catalog.' },
      { href: '/deployments', label: 'Deployments', permission: 'deployments:read', description: 'Software, scripts and patches rolled out to many devices in batches.' },
      { href: '/reports', label: 'Reports', permission: 'reports:read', description: 'Inventories, compliance, availability and SLA reports, on demand or emailed on a schedule.' },
      { href: '/automations', label: 'Automations', permission: 'automations:read', description: 'Scripts, commands and tickets run on events, schedules and alerts.' },
      { href: '/pam', label: 'Elevation requests', permission: 'pam:read', description: 'Just-in-time root elevation asked from devices: approve, deny, revoke, and the rules that decide.' },
      { href: '/policies', label: 'Configuration policies', permission: 'policies:read', description: 'Settings and compliance checks assigned to organizations, sites, groups or devices.' },
      { href: '/discovery', label: 'Network discovery', permission: 'discovery:read', description: 'Probe agents scan subnets for devices that cannot run an agent; monitor, link or ignore what they find.' },
      { href: '/snmp', label: 'SNMP monitoring', permission: 'devices:read', description: 'Switches, printers, firewalls and UPSes polled over SNMP: devices, charts per OID, templates and thresholds.' },
      { href: '/remote', label: 'Remote sessions', permission: 'devices:read', description: 'Terminal and desktop sessions on devices: who, when, how long, and terminal transcripts.' },
      { href: '/enrollment-keys', label: 'Enrollment keys', permission: 'devices:write' },
      { href: '/management-posture', label: 'Management posture', permission: 'devices:read' },
      { href: '/security', label: 'Security posture', permission: 'devices:read', description: 'Security score, trend, weakest devices and recommendations.' },
      { href: '/security/threats', label: 'Threats', permission: 'devices:read', description: 'ClamAV detections with quarantine, restore and removal.' },
    ],
  },
  {
    section: 'Analytics',
    items: [
      { href: '/analytics', label: 'Dashboards', permission: 'analytics:read', description: 'Charts, numbers and tables over alerts, tickets, devices and metrics.' },
      { href: '/analytics/capacity', label: 'Capacity', permission: 'analytics:read', description: 'Disk and memory trends with the days until full.' },
      { href: '/analytics/sla', label: 'Service levels', permission: 'analytics:read', description: 'SLA targets for alerts and tickets and how often they are met.' },
      { href: '/analytics/os-distribution', label: 'OS distribution', permission: 'analytics:read' },
      { href: '/analytics/executive-summary', label: 'Executive summary', permission: 'analytics:read', description: 'Fleet and service figures per organization.' },
    ],
  },
  {
    section: 'Service desk',
    serviceManagement: true,
    items: [
      { href: '/tickets', label: 'Tickets', permission: 'tickets:read' },
      { href: '/settings/canned-replies', label: 'Canned replies', permission: 'tickets:read', partnerOnly: true, description: 'Reusable answers for ticket replies.' },
    ],
  },
  {
    section: 'Billing',
    serviceManagement: true,
    items: [
      { href: '/billing/invoices', label: 'Invoices', permission: 'contracts:read' },
      { href: '/billing/contracts', label: 'Contracts', permission: 'contracts:read' },
      { href: '/billing/quotes', label: 'Quotes', permission: 'contracts:read' },
      { href: '/billing/catalog', label: 'Catalog', permission: 'contracts:read', partnerOnly: true },
    ],
  },
  {
    section: 'Integrate',
    items: [
      { href: '/webhooks', label: 'Webhooks', permission: 'webhooks:read' },
      { href: '/settings/api-keys', label: 'API keys', permission: 'api_keys:manage', description: 'Keys for scripts and integrations that call the API.' },
      { href: '/settings/mcp', label: 'MCP server', description: 'Connect AI assistants through the Model Context Protocol with an API key.' },
      { href: '/settings/service-principals', label: 'Service principals', permission: 'api_keys:manage', partnerOnly: true, description: 'Machine identities with their own roles and credentials.' },
      { href: '/plugins', label: 'Plugins', permission: 'plugins:read', partnerOnly: true, description: 'Apps from the catalog with a scoped credential and event deliveries: install, configure, logs.' },
      { href: '/distributor', label: 'Distributor', permission: 'billing:manage', partnerOnly: true },
      { href: '/settings/agent-versions', label: 'Agent versions', description: 'Agent releases and which devices run them.' },
    ],
  },
  {
    section: 'Administer',
    items: [
      { href: '/partners', label: 'Partners', permission: 'orgs:read', systemOnly: true },
      { href: '/third-party-catalog', label: 'Third-party catalog', permission: 'software:read', systemOnly: true, description: 'Applications outside OS updates, their update sources and smoke tests.' },
      { href: '/import', label: 'Import', permission: 'orgs:write', partnerOnly: true },
      { href: '/import/contacts', label: 'Import contacts', permission: 'orgs:write', partnerOnly: true },
      { href: '/users', label: 'Users', permission: 'users:read' },
      { href: '/roles', label: 'Roles', permission: 'users:read' },
      { href: '/access-reviews', label: 'Access reviews', permission: 'users:read', partnerOnly: true },
      { href: '/audit', label: 'Audit log', permission: 'audit:read', description: 'Who did what, when and from where: filter, search and export.' },
      { href: '/audit/reports', label: 'Audit reports', permission: 'audit:read', description: 'Audit statistics, user activity, security events and compliance.' },
      { href: '/settings/ai', label: 'AI assistant', permission: 'ai:admin', description: 'The assistant’s monthly budget and usage, every user’s conversations and its security events.' },
      { href: '/settings/partner', label: 'Partner settings', permission: 'partner:manage', partnerOnly: true, description: 'Company name, branding, billing contact and service-management mode.' },
      { href: '/settings/security', label: 'Security', permission: 'partner:manage', description: 'Sign-in rules: two-factor enforcement, session length and IP allowlist.' },
      { href: '/settings/sso', label: 'Single sign-on', permission: 'sso:read', description: 'Sign in through Microsoft Entra ID, Google Workspace, Okta or any OpenID Connect provider.' },
      { href: '/settings/psa', label: 'PSA connections', permission: 'psa:read', partnerOnly: true, description: 'ConnectWise, HaloPSA, Autotask, Zendesk or Syncro: credentials, live test, sync, company import and tickets.' },
      { href: '/settings/custom-fields', label: 'Custom fields', permission: 'devices:read', description: 'Extra fields on devices, organizations and sites.' },
      { href: '/settings/account', label: 'My account', description: 'Your name, password and two-factor authentication.' },
    ],
  },
];

/** Pages the palette finds that the sidebar reaches through a page's own tabs. */
export const EXTRA_PAGES: NavItem[] = [
  { href: '/settings', label: 'Settings' },
  { href: '/alerts/rules', label: 'Alert rules', permission: 'alerts:read' },
  { href: '/alerts/channels', label: 'Alert channels', permission: 'alerts:read' },
  { href: '/alerts/policies', label: 'Alert policies', permission: 'alerts:read' },
  { href: '/alerts/templates', label: 'Alert templates', permission: 'alerts:read' },
  { href: '/alerts/monitors', label: 'Monitors', permission: 'devices:read' },
  { href: '/webhooks/dead-letters', label: 'Webhook dead letters', permission: 'webhooks:read' },
  { href: '/scripts/library', label: 'Script templates & library', permission: 'scripts:read' },
  { href: '/scripts/categories', label: 'Script categories & tags', permission: 'scripts:read' },
  { href: '/scripts/bundles', label: 'Script bundles', permission: 'scripts:read' },
  { href: '/snmp/devices', label: 'SNMP devices', permission: 'devices:read' },
  { href: '/snmp/templates', label: 'SNMP templates', permission: 'devices:read' },
  { href: '/snmp/thresholds', label: 'SNMP thresholds', permission: 'alerts:read' },
];

/**
 * What the signed-in user may see: `visible` for one entry, `sections` with the hidden ones
 * dropped, `serviceManagement` false while the partner turned it off.
 */
export function useNavAccess() {
  const me = useMe();
  const partner = useMyPartner(me.data?.scope === 'partner');
  const permissions = new Set(me.data?.permissions ?? []);
  const scope = me.data?.scope;
  const serviceManagement = partner.data?.serviceManagementMode !== 'off';
  const visible = (n: NavItem) => (!n.permission || permissions.has(n.permission)) && (!n.partnerOnly || scope === 'partner') && (!n.systemOnly || scope === 'system');
  const sections = NAV.filter((g) => serviceManagement || !g.serviceManagement)
    .map((g) => ({ ...g, items: g.items.filter(visible) }))
    .filter((g) => g.items.length > 0);
  return { ready: me.isSuccess, permissions, scope, serviceManagement, visible, sections };
}

/** The pages under /settings the user may open, in sidebar order. */
export function settingsPages(sections: NavSection[]): NavItem[] {
  return sections.flatMap((g) => g.items).filter((n) => n.href.startsWith('/settings/'));
}
