'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZPartnerDashboard } from '@/lib/partner-dashboard/schemas';
import type { ZDeviceCursorPage } from '@/lib/devices/schemas';
import type { ZAlert } from '@/lib/alerts/schemas';

/** The alert statuses the dashboard counts as open (what its "Open alerts" tile links to). */
export const OPEN_ALERT_STATUSES = 'active,acknowledged,suppressed';
/** The ticket statuses the dashboard counts as open. */
export const OPEN_TICKET_STATUSES = 'new,open,pending,on_hold';

export type PartnerDashboard = Wire<typeof ZPartnerDashboard>;

export function usePartnerDashboard() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['partner-dashboard'], queryFn: () => api<PartnerDashboard>('/partner/dashboard'), enabled, refetchInterval: 30_000 });
}

/** The few offline devices seen most recently: the dashboard's "needs attention" list. */
export function useOfflineDevices(allowed: boolean) {
  const enabled = useSignedIn() && allowed;
  return useQuery({
    queryKey: ['devices', 'attention', 'offline'],
    queryFn: () => api<Wire<typeof ZDeviceCursorPage>>('/devices', { query: { status: 'offline', sort: 'lastSeen', sortDir: 'desc', cursor: '', limit: 5, includeTotal: true } }),
    enabled,
    refetchInterval: 30_000,
  });
}

/** Open critical alerts, newest first. */
export function useCriticalAlerts(allowed: boolean) {
  const enabled = useSignedIn() && allowed;
  return useQuery({
    queryKey: ['alerts', 'attention', 'critical'],
    queryFn: () => api<Page<Wire<typeof ZAlert>>>('/alerts', { query: { status: OPEN_ALERT_STATUSES, severity: 'critical', limit: 5 } }),
    enabled,
    refetchInterval: 30_000,
  });
}
