'use client';

import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import type { ZDashboard, ZRecommendation, ZScanList, ZSecurityScan, ZSecurityStatusList, ZThreat, ZThreatList } from '@/lib/security/posture-schemas';

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

export function useSecurityDevices() {
  return useQuery({ queryKey: ['security', 'status'], queryFn: () => api<Wire<typeof ZSecurityStatusList>>('/security/status', { query: { limit: 200 } }) });
}

export function useStartScan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, paths }: { deviceId: string; paths: string[] }) => api<Wire<typeof ZSecurityScan>>(`/security/scan/${deviceId}`, { method: 'POST', body: paths.length ? { paths } : {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['security'] }),
  });
}

/** The device's scans; polled while the newest is still queued, the threats refreshed when it ends. */
export function useDeviceScans(deviceId: string) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: ['security', 'scans', deviceId],
    enabled: !!deviceId,
    queryFn: () => api<Wire<typeof ZScanList>>(`/security/scans/${deviceId}`, { query: { limit: 5 } }),
    refetchInterval: (q) => (q.state.data?.data[0]?.status === 'queued' ? 3000 : false),
  });
  const newest = query.data?.data[0];
  useEffect(() => {
    if (newest && newest.status !== 'queued') void qc.invalidateQueries({ queryKey: ['security', 'threats'] });
  }, [newest?.id, newest?.status, qc]); // eslint-disable-line react-hooks/exhaustive-deps -- the id and status are what matter
  return query;
}
