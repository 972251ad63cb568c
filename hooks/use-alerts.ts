'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { AlertAction, ZAlert, ZAlertPsaTicket, ZBulkAlertResult } from '@/lib/alerts/schemas';
import type { ZTicket } from '@/lib/tickets/schemas';
import type { User } from '@/hooks/use-users';

export const ALERT_STATUSES = ['active', 'acknowledged', 'suppressed', 'resolved', 'dismissed'] as const;
export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type { AlertAction };

export type Alert = Wire<typeof ZAlert>;

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

export function useAlert(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['alerts', 'one', id], queryFn: () => api<Alert>(`/alerts/${id}`), enabled });
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

export type BulkAlertResult = Wire<typeof ZBulkAlertResult>;

/** One action on up to 100 alerts (POST /alerts/bulk): each alert succeeds or fails on its own. */
export function useBulkAlertAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { action: AlertAction; alertIds: string[] }) => api<BulkAlertResult>('/alerts/bulk', { method: 'POST', body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['alerts'] });
      void qc.invalidateQueries({ queryKey: ['partner-dashboard'] });
    },
  });
}

/** A ticket opened from an alert and linked to it (409 TICKET_EXISTS names the one that already is). */
export function useCreateTicketFromAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => api<Wire<typeof ZTicket>>(`/alerts/${alertId}/ticket`, { method: 'POST', body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['tickets'] }),
  });
}

/** POST /alerts/:id/psa-ticket: in external service management, the alert's ticket opens in the PSA. */
export function useOpenAlertPsaTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => api<Wire<typeof ZAlertPsaTicket>>(`/alerts/${alertId}/psa-ticket`, { method: 'POST' }),
    onSuccess: (_data, alertId) => qc.invalidateQueries({ queryKey: ['alerts', 'one', alertId] }),
  });
}

/** A user's display name for "already acknowledged by …" (null when not readable). */
export async function userName(id: string): Promise<string | null> {
  try {
    const u = await api<User>(`/users/${id}`);
    return u.name || u.email;
  } catch {
    return null;
  }
}
