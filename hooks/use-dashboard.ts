'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';

type Counts<K extends string> = Record<K, number>;

export interface PartnerDashboard {
  generatedAt: string;
  organizations: { total: number; sites: number };
  devices: {
    total: number;
    online: number;
    offline: number;
    pending: number;
    uninstalled: number;
    byOsType: Record<string, number>;
    byOrganization: { orgId: string; name: string; total: number; online: number; offline: number }[];
  } | null;
  alerts: { open: number; bySeverity: Counts<'critical' | 'high' | 'medium' | 'low' | 'info'> } | null;
  tickets: { open: number; byStatus: Counts<'new' | 'open' | 'pending' | 'on_hold' | 'resolved' | 'closed'>; byPriority: Counts<'p1' | 'p2' | 'p3' | 'p4'> } | null;
}

export function usePartnerDashboard() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['partner-dashboard'], queryFn: () => api<PartnerDashboard>('/partner/dashboard'), enabled, refetchInterval: 30_000 });
}
