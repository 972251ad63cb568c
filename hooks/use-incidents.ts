'use client';

// The incident feed: tracked incidents and EDR findings, and promotion of a finding or a threat.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZFeedRow, ZIncident } from '@/lib/incidents/schemas';

export type FeedRow = Wire<typeof ZFeedRow>;
export type Incident = Wire<typeof ZIncident>;

export function useIncidentFeed(filters: { kind?: string; source?: string; page: number }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['incidents', 'feed', filters], placeholderData: (prev) => prev, queryFn: () => api<Page<FeedRow>>('/incidents/feed', { query: { limit: 25, ...filters } }), enabled });
}

export function usePromoteFinding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sourceId: string) => api<Incident>('/incidents/promote', { method: 'POST', body: { sourceKind: 'finding', sourceId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['incidents'] }),
  });
}

/** A detected threat becomes a tracked incident (the threat list then names it). */
export function usePromoteThreat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sourceId: string) => api<Incident>('/incidents/promote', { method: 'POST', body: { sourceKind: 'threat', sourceId } }),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: ['incidents'] }), qc.invalidateQueries({ queryKey: ['security'] })]),
  });
}
