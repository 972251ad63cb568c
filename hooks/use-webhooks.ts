'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZDeadLetter, ZDelivery, ZRedriveResult, ZRetryResult, ZTestResult, ZWebhook, ZWebhookWithStats } from '@/lib/webhooks/schemas';

export type Webhook = Wire<typeof ZWebhook>;
export type WebhookWithStats = Wire<typeof ZWebhookWithStats>;
export type Delivery = Wire<typeof ZDelivery>;

export function useWebhooks(params: { orgId?: string; page?: number }) {
  const enabled = useSignedIn() && !!params.orgId;
  return useQuery({ queryKey: ['webhooks', 'list', params], queryFn: () => api<Page<Webhook>>('/webhooks', { query: { ...params, limit: 50 } }), enabled });
}

export function useWebhook(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['webhooks', 'one', id], queryFn: () => api<WebhookWithStats>(`/webhooks/${id}`), enabled });
}

export function useDeliveries(id: string, params: { page: number; status?: string }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['webhooks', 'deliveries', id, params],
    queryFn: () => api<Page<Delivery>>(`/webhooks/${id}/deliveries`, { query: { ...params, limit: 25 } }),
    enabled,
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.status === 'pending' || d.status === 'retrying') ? 2_000 : 15_000),
  });
}

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; url: string; secret?: string; events: string[]; orgId?: string; headers?: { key: string; value: string }[] }) => api<Webhook>('/webhooks', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

export function useUpdateWebhook(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<{ name: string; url: string; events: string[]; status: string }>) => api<Webhook>(`/webhooks/${id}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/webhooks/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

export function useTestWebhook(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<Wire<typeof ZTestResult>>(`/webhooks/${id}/test`, { method: 'POST', body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

export function useRetryDelivery(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => api<Wire<typeof ZRetryResult>>(`/webhooks/${id}/retry/${deliveryId}`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

export type DeadLetter = Wire<typeof ZDeadLetter>;
export type RedriveResult = Wire<typeof ZRedriveResult>;

export function useDeadLetters(params: { orgId?: string; state: 'open' | 'redriven' | 'all'; page: number }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['webhooks', 'dead-letters', params], queryFn: () => api<Page<DeadLetter>>('/webhooks/dead-letters', { query: { ...params, limit: 50 } }), enabled });
}

export function useRedriveDeadLetter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<RedriveResult>(`/webhooks/dead-letters/${id}/redrive`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

export function useRedriveDeadLetters() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[] } | { webhookId: string }) => api<RedriveResult>('/webhooks/dead-letters/redrive', { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}
