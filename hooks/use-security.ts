'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import type { ZDashboard, ZRecommendation, ZThreat, ZThreatList } from '@/lib/security/posture-schemas';

export type SecurityDashboard = Wire<typeof ZDashboard>;
export type SecurityThreat = Wire<typeof ZThreat>;

export function useSecurityDashboard(orgId?: string) {
  return useQuery({ queryKey: ['security', 'dashboard', orgId ?? null], queryFn: () => api<SecurityDashboard>('/security/dashboard', { query: { orgId } }) });
}

export function useRecommendationAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'complete' | 'dismiss' }) => api<Wire<typeof ZRecommendation>>(`/security/recommendations/${id}/${action}`, { method: 'POST', body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['security'] }),
  });
}

export function useThreats(status?: string) {
  return useQuery({
    queryKey: ['security', 'threats', status ?? null],
    queryFn: () => api<Wire<typeof ZThreatList>>('/security/threats', { query: { status, limit: 200 } }),
    // An agent action in flight changes the row when the agent reports back.
    refetchInterval: (q) => (q.state.data?.data.some((t) => t.pendingAction) ? 3000 : false),
  });
}

export function useThreatAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'quarantine' | 'remove' | 'restore' }) => api<SecurityThreat>(`/security/threats/${id}/${action}`, { method: 'POST', body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['security'] }),
  });
}
