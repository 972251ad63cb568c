'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZAgentVersion, ZFleetAgentVersion } from '@/lib/agent-releases/schemas';

export type AgentVersion = Wire<typeof ZAgentVersion>;

export function useAgentVersions() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['agent-versions'], queryFn: () => api<{ data: AgentVersion[] }>('/agent-versions'), enabled, staleTime: 60_000 });
}

/** System operators: promote a release or change its rollout. */
export function useUpdateAgentVersion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ version, ...body }: { version: string; promoted?: true; rolloutPercent?: number; rolloutGroupIds?: string[] }) =>
      api<AgentVersion>(`/agent-versions/${encodeURIComponent(version)}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['agent-versions'] }),
  });
}

export type FleetAgentVersion = Wire<typeof ZFleetAgentVersion>;

/** System operators: devices per agent version. */
export function useFleetAgentVersions(enabled: boolean) {
  const signedIn = useSignedIn();
  return useQuery({ queryKey: ['agent-versions', 'fleet'], queryFn: () => api<{ data: FleetAgentVersion[] }>('/agent-versions/fleet'), enabled: signedIn && enabled, staleTime: 30_000 });
}
