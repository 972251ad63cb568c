'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZPartnerDashboard } from '@/lib/partner-dashboard/schemas';

export type PartnerDashboard = Wire<typeof ZPartnerDashboard>;

export function usePartnerDashboard() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['partner-dashboard'], queryFn: () => api<PartnerDashboard>('/partner/dashboard'), enabled, refetchInterval: 30_000 });
}
