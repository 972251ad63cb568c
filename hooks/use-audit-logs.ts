'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { Page } from '@/hooks/use-organizations';

export interface AuditEntry {
  id: string;
  createdAt: string;
  actorType: string;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  result: string;
}

export function useAuditLogs(params: { page: number; action?: string }) {
  return useQuery({
    queryKey: ['audit-logs', params],
    queryFn: () => api<Page<AuditEntry>>('/audit-logs', { query: { page: params.page, limit: 50, action: params.action } }),
  });
}
