'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';

export interface AgentVersion {
  version: string;
  promoted: boolean;
  releasedAt: string;
  notes: string | null;
  artifacts: { os: string; arch: string; fileName: string; sha256: string; size: number; downloadUrl: string }[];
}

export function useAgentVersions() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['agent-versions'], queryFn: () => api<{ data: AgentVersion[] }>('/agent-versions'), enabled, staleTime: 60_000 });
}
