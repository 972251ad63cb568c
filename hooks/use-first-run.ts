'use client';

// The first-run guide's progress, from the real data: counts of organizations, enrolled
// devices, alert rules and notification channels the signed-in partner user can see. The query
// keys sit under each domain's own prefix, so creating one of them (whose mutation invalidates
// that prefix) ticks its step at once.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import { useMe } from '@/hooks/use-me';
import { usePartnerDashboard } from '@/hooks/use-dashboard';
import type { AlertRule, Channel } from '@/hooks/use-alert-config';
import type { Organization } from '@/hooks/use-organizations';

export type FirstRunStep = 'organizations' | 'devices' | 'alertRules' | 'channels';

export interface FirstRunProgress {
  /** Still counting. */
  loading: boolean;
  /** Done or not, per step the user may read; a step missing here is one they cannot see. */
  steps: Partial<Record<FirstRunStep, boolean>>;
}

function useCount<T>(key: string, path: string, enabled: boolean) {
  return useQuery({
    queryKey: [key, 'first-run-count'],
    queryFn: async () => (await api<Page<T>>(path, { query: { page: 1, limit: 1 } })).pagination.total,
    enabled,
  });
}

/** Null for users the guide is not for (platform and organization scope) and until that is known. */
export function useFirstRunProgress(): FirstRunProgress | null {
  const signedIn = useSignedIn();
  const me = useMe();
  const forPartner = signedIn && me.data?.scope === 'partner';
  const can = (p: string) => forPartner && (me.data?.permissions.includes(p) ?? false);
  const orgs = useCount<Organization>('organizations', '/orgs/organizations', can('orgs:read'));
  const rules = useCount<AlertRule>('alert-rules', '/alerts/rules', can('alerts:read'));
  const channels = useCount<Channel>('alert-channels', '/alerts/channels', can('alerts:read'));
  const dashboard = usePartnerDashboard();
  if (!forPartner) return null;

  const steps: FirstRunProgress['steps'] = {};
  let loading = false;
  // A count that could not be read leaves its step out rather than the guide waiting forever.
  const count = (step: FirstRunStep, permission: string, n: number | undefined, failed: boolean) => {
    if (!can(permission) || failed) return;
    if (n === undefined) loading = true;
    else steps[step] = n > 0;
  };
  count('organizations', 'orgs:read', orgs.data, orgs.isError);
  // Enrolled devices: the dashboard's total less those provisioned without an agent yet.
  const devices = dashboard.data?.devices;
  count('devices', 'devices:read', devices ? devices.total - devices.pending : undefined, dashboard.isError || dashboard.data?.devices === null);
  count('alertRules', 'alerts:read', rules.data, rules.isError);
  count('channels', 'alerts:read', channels.data, channels.isError);
  return { loading, steps };
}
