'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSession } from '@/components/auth/session-provider';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZMarkAllResult, ZNotification, ZUnreadCount } from '@/lib/notifications/schemas';
import type { ZPushSubscription } from '@/lib/mobile/schemas';

export type AppNotification = Wire<typeof ZNotification>;

// The bell polls its badge; the list loads only while the panel is open.
const POLL_MS = 30_000;

export function useUnreadCount() {
  const { status } = useSession();
  return useQuery({ queryKey: ['notifications', 'unread'], queryFn: () => api<Wire<typeof ZUnreadCount>>('/notifications/unread-count'), enabled: status === 'signedIn', refetchInterval: POLL_MS });
}

export function useNotifications(open: boolean) {
  return useQuery({ queryKey: ['notifications', 'list'], queryFn: () => api<{ data: AppNotification[] }>('/notifications', { query: { limit: 20 } }), enabled: open });
}

export function useNotificationActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: ['notifications'] });
  const markRead = useMutation({ mutationFn: (id: string) => api(`/notifications/${id}`, { method: 'PATCH', body: { read: true } }), onSuccess: refresh });
  const markUnread = useMutation({ mutationFn: (id: string) => api(`/notifications/${id}`, { method: 'PATCH', body: { read: false } }), onSuccess: refresh });
  const markAllRead = useMutation({ mutationFn: () => api<Wire<typeof ZMarkAllResult>>('/notifications', { method: 'PATCH', body: { read: true } }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (id: string) => api(`/notifications/${id}`, { method: 'DELETE' }), onSuccess: refresh });
  const clear = useMutation({ mutationFn: () => api('/notifications', { method: 'DELETE' }), onSuccess: refresh });
  return { markRead, markUnread, markAllRead, remove, clear };
}

/** The full notifications page: paged, optionally unread only. */
export function useNotificationPage(params: { page: number; unread?: boolean }) {
  const { status } = useSession();
  return useQuery({
    queryKey: ['notifications', 'page', params],
    queryFn: () => api<Page<AppNotification>>('/notifications', { query: { page: params.page, limit: 25, unread: params.unread ? 'true' : undefined } }),
    enabled: status === 'signedIn' || status === 'expired',
    refetchInterval: POLL_MS,
  });
}

export type PushSubscriptionRow = Wire<typeof ZPushSubscription>;

/** The caller's registered browsers and phones. */
export function usePushSubscriptions() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['push-subscriptions'], queryFn: () => api<{ data: PushSubscriptionRow[] }>('/mobile/notifications/subscriptions'), enabled });
}

export function usePushActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: ['push-subscriptions'] });
  return {
    vapidKey: () => api<{ publicKey: string }>('/mobile/notifications/vapid-key'),
    register: useMutation({
      mutationFn: (body: { provider: 'webpush'; subscription: unknown; deviceName?: string }) => api<PushSubscriptionRow>('/mobile/notifications/register', { method: 'POST', body }),
      onSuccess: refresh,
    }),
    unregister: useMutation({
      mutationFn: (body: { id: string } | { endpoint: string }) => api('/mobile/notifications/unregister', { method: 'POST', body }),
      onSuccess: refresh,
    }),
  };
}
