'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZAuditEntry } from '@/lib/audit/schemas';

export type AuditEntry = Wire<typeof ZAuditEntry>;

export interface AuditFilters {
  action?: string;
  targetType?: string;
  orgId?: string;
  result?: string;
  from?: string;
  to?: string;
}

export function useAuditLogs(params: { page: number } & AuditFilters) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['audit-logs', params], queryFn: () => api<Page<AuditEntry>>('/audit-logs', { query: { ...params, limit: 50 } }), enabled });
}

/** Every entry matching the filters (export), 200 per request, capped at `max`. */
export async function fetchAuditEntries(filters: AuditFilters, max = 10_000, onProgress?: (n: number) => void): Promise<AuditEntry[]> {
  const out: AuditEntry[] = [];
  for (let page = 1; out.length < max; page++) {
    const res = await api<Page<AuditEntry>>('/audit-logs', { query: { ...filters, page, limit: 200 } });
    out.push(...res.data);
    onProgress?.(out.length);
    if (res.data.length < 200 || out.length >= res.pagination.total) break;
  }
  return out.slice(0, max);
}
