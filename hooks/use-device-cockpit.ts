'use client';

// What the device page reads beside the device itself: its open alerts, its recent tickets and
// its activity timeline. Keys start with 'alerts' / 'tickets' / 'devices' so the writes of those
// hooks (acknowledge, new ticket, commands) refresh these too.
import { useCallback } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { Alert } from '@/hooks/use-alerts';
import type { Ticket } from '@/hooks/use-tickets';
import type { DeviceActivityKind, ZDeviceActivityPage } from '@/lib/devices/schemas';

export const OPEN_ALERT_STATUSES = 'active,acknowledged,suppressed';

export function useDeviceOpenAlerts(deviceId: string) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['alerts', 'device', deviceId],
    queryFn: () => api<Page<Alert>>('/alerts', { query: { deviceId, status: OPEN_ALERT_STATUSES, page: 1, limit: 20 } }),
    enabled,
    refetchInterval: 30_000,
  });
}

export function useDeviceTickets(deviceId: string, enabled: boolean) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: ['tickets', 'device', deviceId],
    queryFn: () => api<Page<Ticket>>('/tickets', { query: { deviceId, page: 1, limit: 5, sort: 'updatedAt', sortDir: 'desc' } }),
    enabled: signedIn && enabled,
  });
}

export function useCreateDeviceTicket(device: { id: string; orgId: string; siteId: string | null }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { subject: string; description?: string; priority?: string }) => api<Ticket>('/tickets', { method: 'POST', body: { ...body, orgId: device.orgId, siteId: device.siteId, deviceId: device.id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['tickets'] }),
  });
}

export type DeviceActivityPage = Wire<typeof ZDeviceActivityPage>;
export type DeviceActivityEntry = DeviceActivityPage['data'][number];

/** The timeline, newest first; older pages load on demand. Re-read when commands change. */
export function useDeviceActivity(deviceId: string, kinds: DeviceActivityKind[]) {
  const enabled = useSignedIn();
  return useInfiniteQuery({
    queryKey: ['devices', 'activity', deviceId, kinds.join(',')],
    queryFn: ({ pageParam, signal }) => api<DeviceActivityPage>(`/devices/${deviceId}/activity`, { query: { cursor: pageParam || undefined, limit: 25, kinds: kinds.length ? kinds.join(',') : undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.pagination.nextCursor ?? undefined,
    enabled,
    refetchInterval: 15_000,
  });
}

/** After an action elsewhere on the page (a queued script, an acknowledged alert): re-read the timeline. */
export function useRefreshDeviceActivity(deviceId: string) {
  const qc = useQueryClient();
  return useCallback(() => void qc.invalidateQueries({ queryKey: ['devices', 'activity', deviceId] }), [qc, deviceId]);
}
