'use client';

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { BulkResult } from '@/hooks/use-billing';
import type { TInvoice, TInvoiceLine, ZLineDevices, ZPublicLink } from '@/lib/invoices/schemas';

export type Invoice = TInvoice;
export type InvoiceLine = TInvoiceLine;
export type InvoiceStatus = TInvoice['status'];
export type LineDevices = z.infer<typeof ZLineDevices>;
export type PublicLink = z.infer<typeof ZPublicLink>;

export function useInvoices(params: { page?: number; orgId?: string; status?: string; contractId?: string }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['invoices', 'list', params],
    queryFn: () => api<Page<Invoice>>('/invoices', { query: { page: params.page ?? 1, limit: 50, orgId: params.orgId, status: params.status, contractId: params.contractId } }),
    enabled,
  });
}

export function useInvoice(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['invoices', 'one', id], queryFn: () => api<{ data: Invoice }>(`/invoices/${id}`).then((r) => r.data), enabled });
}

export function useInvoiceLink(id: string, enabled: boolean) {
  const signedIn = useSignedIn();
  return useQuery({ queryKey: ['invoices', 'link', id], queryFn: () => api<{ data: PublicLink }>(`/invoices/${id}/public-link`).then((r) => r.data), enabled: signedIn && enabled, retry: false });
}

/** Per-device evidence of one generated line, a page (cursor) at a time. */
export function useLineDevices(invoiceId: string, lineId: string, enabled: boolean) {
  const signedIn = useSignedIn();
  return useInfiniteQuery({
    queryKey: ['invoices', 'line-devices', invoiceId, lineId],
    queryFn: ({ pageParam }) => api<LineDevices>(`/invoices/${invoiceId}/lines/${lineId}/devices`, { query: { cursor: pageParam, limit: 100 } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.nextCursor ?? undefined,
    enabled: signedIn && enabled,
  });
}

function useInvoiceMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['invoices'] }), qc.invalidateQueries({ queryKey: ['contracts'] })]),
  });
}

export function useCreateInvoice() {
  return useInvoiceMutation((body: { orgId?: string; currency: string; recipientEmail?: string | null; paymentTermsDays?: number; notes?: string }) =>
    api<{ data: Invoice }>('/invoices', { method: 'POST', body }).then((r) => r.data),
  );
}

export function useUpdateInvoice(id: string) {
  return useInvoiceMutation((body: Partial<{ notes: string; recipientEmail: string | null; paymentTermsDays: number }>) =>
    api<{ data: Invoice }>(`/invoices/${id}`, { method: 'PATCH', body }).then((r) => r.data),
  );
}

export function useDeleteInvoice() {
  return useInvoiceMutation((id: string) => api(`/invoices/${id}`, { method: 'DELETE' }));
}

export function useInvoiceAction(id: string) {
  return useInvoiceMutation((v: { action: 'issue' | 'resend' } | { action: 'void'; reason: string } | { action: 'mark-paid'; paidAt?: string }) => {
    const body = v.action === 'void' ? { reason: v.reason } : v.action === 'mark-paid' ? { paidAt: v.paidAt } : {};
    return api<{ data: Invoice }>(`/invoices/${id}/${v.action}`, { method: 'POST', body }).then((r) => r.data);
  });
}

export function useResetInvoiceLink(id: string) {
  return useInvoiceMutation(() => api<{ data: PublicLink }>(`/invoices/${id}/reset-link`, { method: 'POST', body: {} }).then((r) => r.data));
}

export function useChangeInvoiceCurrency(id: string) {
  return useInvoiceMutation((body: { currency: string; clearLines?: boolean; reprice?: boolean }) => api<{ data: Invoice }>(`/invoices/${id}/currency`, { method: 'POST', body }).then((r) => r.data));
}

export function useAddInvoiceLine(id: string) {
  return useInvoiceMutation((body: Record<string, unknown>) => api<{ data: InvoiceLine }>(`/invoices/${id}/lines`, { method: 'POST', body }).then((r) => r.data));
}

export function useUpdateInvoiceLine(id: string) {
  return useInvoiceMutation((v: { lineId: string; body: Record<string, unknown> }) => api<{ data: InvoiceLine }>(`/invoices/${id}/lines/${v.lineId}`, { method: 'PATCH', body: v.body }).then((r) => r.data));
}

export function useDeleteInvoiceLine(id: string) {
  return useInvoiceMutation((lineId: string) => api(`/invoices/${id}/lines/${lineId}`, { method: 'DELETE' }));
}

export function useBulkInvoices() {
  return useInvoiceMutation((v: { action: 'bulk-issue' | 'bulk-delete'; ids: string[] } | { action: 'bulk-void'; ids: string[]; reason: string }) =>
    api<BulkResult>(`/invoices/${v.action}`, { method: 'POST', body: v.action === 'bulk-void' ? { ids: v.ids, reason: v.reason } : { ids: v.ids } }),
  );
}
