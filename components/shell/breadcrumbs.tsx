'use client';

// Breadcrumbs from the path; detail pages name their record with useBreadcrumbLabel.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

const SEGMENTS: Record<string, string> = {
  organizations: 'Organizations',
  devices: 'Devices',
  'enrollment-keys': 'Enrollment keys',
  tickets: 'Tickets',
  webhooks: 'Webhooks',
  users: 'Users',
  roles: 'Roles',
  audit: 'Audit log',
  settings: 'Settings',
  partner: 'Partner',
  security: 'Security',
  account: 'Account',
  new: 'New',
  alerts: 'Alerts',
  rules: 'Rules',
  channels: 'Channels',
  policies: 'Policies',
  templates: 'Templates',
  monitors: 'Monitors',
  notifications: 'Notifications',
  scripts: 'Scripts',
  import: 'Import',
  contacts: 'Contacts',
  groups: 'Device groups',
  tags: 'Tags',
  'canned-replies': 'Canned replies',
  'access-reviews': 'Access reviews',
  'custom-fields': 'Custom fields',
  'management-posture': 'Management posture',
  threats: 'Threats',
  incidents: 'Incident feed',
  pam: 'Elevation requests',
  'api-keys': 'API keys',
  mcp: 'MCP server',
  'service-principals': 'Service principals',
  'agent-versions': 'Agent versions',
  sso: 'Single sign-on',
  psa: 'PSA connections',
  distributor: 'Distributor',
  companies: 'Companies',
  products: 'Products',
  orders: 'Orders',
  subscriptions: 'Subscriptions',
  drift: 'Drift',
  billing: 'Billing',
  catalog: 'Catalog',
  contracts: 'Contracts',
  quotes: 'Quotes',
  invoices: 'Invoices',
  'dead-letters': 'Dead letters',
  assets: 'Assets',
  partners: 'Partners',
  library: 'Templates & library',
  categories: 'Categories & tags',
  bundles: 'Bundles',
  deployments: 'Deployments',
  automations: 'Automations',
  discovery: 'Network discovery',
  snmp: 'SNMP monitoring',
  thresholds: 'Thresholds',
  analytics: 'Analytics',
  dashboards: 'Dashboards',
  capacity: 'Capacity',
  sla: 'Service levels',
  'os-distribution': 'OS distribution',
  'executive-summary': 'Executive summary',
  reports: 'Reports',
  vulnerabilities: 'Vulnerabilities',
};

const LabelCtx = createContext<{ labels: Record<string, string>; set: (segment: string, label: string) => void }>({ labels: {}, set: () => undefined });

export function BreadcrumbProvider({ children }: { children: ReactNode }) {
  const [labels, setLabels] = useState<Record<string, string>>({});
  const set = (segment: string, label: string) => setLabels((l) => (l[segment] === label ? l : { ...l, [segment]: label }));
  return <LabelCtx.Provider value={{ labels, set }}>{children}</LabelCtx.Provider>;
}

export function useBreadcrumbLabel(segment: string, label: string | undefined) {
  const { set } = useContext(LabelCtx);
  useEffect(() => {
    if (label) set(segment, label);
  }, [segment, label, set]);
}

export function Breadcrumbs() {
  const pathname = usePathname();
  const { labels } = useContext(LabelCtx);
  const parts = pathname.split('/').filter(Boolean);
  const crumbs = [{ href: '/', label: 'Home' }, ...parts.map((p, i) => ({ href: `/${parts.slice(0, i + 1).join('/')}`, label: labels[p] ?? SEGMENTS[p] ?? (p.length > 12 ? `${p.slice(0, 8)}…` : p) }))];
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 flex-wrap items-center gap-x-1 text-sm text-slate-600 dark:text-slate-400">
        {crumbs.map((c, i) => (
          <li key={c.href} className="flex max-w-full min-w-0 items-center gap-1">
            {i > 0 && <span aria-hidden="true">/</span>}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="max-w-[16rem] truncate font-medium text-slate-800 dark:text-slate-200">
                {c.label}
              </span>
            ) : (
              <Link href={c.href} className="max-w-[12rem] truncate hover:underline">
                {c.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
