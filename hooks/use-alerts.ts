'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';

export const ALERT_STATUSES = ['active', 'acknowledged', 'suppressed', 'resolved', 'dismissed'] as const;
export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type AlertAction = 'acknowledge' | 'resolve' | 'suppress' | 'dismiss';

export interface Alert {
  id: string;
  orgId: string;
  deviceId: string | null;
  ruleId: string | null;
  status: (typeof ALERT_STATUSES)[number];
  severity: (typeof ALERT_SEVERITIES)[number];
  title: string;
  message: string;
  source: string;
  context: Record<string, unknown>;
  triggeredAt: string;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  suppressedUntil: string | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolvedBySystem: boolean;
  resolutionNote: string | null;
  dismissedAt: string | null;
  dismissedBy: string | null;
}

export interface AlertFilters {
  page: number;
  status?: string;
  severity?: string;
  orgId?: string;
  deviceId?: string;
}

export function useAlerts(filters: AlertFilters) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['alerts', 'list', filters], queryFn: () => api<Page<Alert>>('/alerts', { query: { ...filters, limit: 50 } }), enabled, refetchInterval: 15_000 });
}

export function useAlertAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note, suppressUntil }: { id: string; action: AlertAction; note?: string; suppressUntil?: string }) =>
      api<Alert>(`/alerts/${id}/${action}`, { method: 'POST', body: { ...(note ? { note } : {}), ...(suppressUntil ? { suppressUntil } : {}) } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['alerts'] });
      void qc.invalidateQueries({ queryKey: ['partner-dashboard'] });
    },
  });
}

/** A user's display name for "already acknowledged by …" (null when not readable). */
export async function userName(id: string): Promise<string | null> {
  try {
    const u = await api<{ name: string; email: string }>(`/users/${id}`);
    return u.name || u.email;
  } catch {
    return null;
  }
}
