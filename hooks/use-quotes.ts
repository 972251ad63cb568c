'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { BulkResult } from '@/hooks/use-billing';
import type { TQuote, TQuoteLine, ZQuoteBlock, ZQuoteDetail } from '@/lib/quotes/schemas';
import type { ZPublicLink } from '@/lib/invoices/schemas';

export type Quote = TQuote;
export type QuoteLine = TQuoteLine;
export type QuoteBlock = z.infer<typeof ZQuoteBlock>;
export type QuoteDetail = z.infer<typeof ZQuoteDetail>;
export type PublicLink = z.infer<typeof ZPublicLink>;

export function useQuotes(params: { page?: number; orgId?: string; status?: string }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['quotes', 'list', params],
    queryFn: () => api<Page<Quote>>('/quotes', { query: { page: params.page ?? 1, limit: 50, orgId: params.orgId, status: params.status } }),
    enabled,
  });
}

export function useQuote(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['quotes', 'one', id], queryFn: () => api<{ data: QuoteDetail }>(`/quotes/${id}`).then((r) => r.data), enabled });
}

export function useQuoteLink(id: string, enabled: boolean) {
  const signedIn = useSignedIn();
  return useQuery({ queryKey: ['quotes', 'link', id], queryFn: () => api<{ data: PublicLink }>(`/quotes/${id}/public-link`).then((r) => r.data), enabled: signedIn && enabled, retry: false });
}

/** Quote writes refresh quotes, and what a conversion creates (contracts, invoices). */
function useQuoteMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all(['quotes', 'contracts', 'invoices'].map((k) => qc.invalidateQueries({ queryKey: [k] }))),
  });
}

export function useCreateQuote() {
  return useQuoteMutation((body: { orgId?: string; title: string; currency: string; validUntil?: string | null; recipientEmail?: string | null; notes?: string }) =>
    api<{ data: QuoteDetail }>('/quotes', { method: 'POST', body }).then((r) => r.data),
  );
}

export function useUpdateQuote(id: string) {
  return useQuoteMutation((body: Partial<{ title: string; validUntil: string | null; recipientEmail: string | null; notes: string }>) =>
    api<{ data: QuoteDetail }>(`/quotes/${id}`, { method: 'PATCH', body }).then((r) => r.data),
  );
}

export function useDeleteQuote() {
  return useQuoteMutation((id: string) => api(`/quotes/${id}`, { method: 'DELETE' }));
}

export function useQuoteAction(id: string) {
  return useQuoteMutation((v: { action: 'send' | 'accept' | 'decline' } | { action: 'convert'; startDate?: string }) =>
    api<{ data: QuoteDetail }>(`/quotes/${id}/${v.action}`, { method: 'POST', body: v.action === 'convert' ? { startDate: v.startDate || undefined } : {} }).then((r) => r.data),
  );
}

export function useChangeQuoteCurrency(id: string) {
  return useQuoteMutation((body: { currency: string; clearLines?: boolean; reprice?: boolean }) => api<{ data: QuoteDetail }>(`/quotes/${id}/currency`, { method: 'POST', body }).then((r) => r.data));
}

export function useAddQuoteLine(id: string) {
  return useQuoteMutation((body: Record<string, unknown>) => api<{ data: QuoteLine }>(`/quotes/${id}/lines`, { method: 'POST', body }).then((r) => r.data));
}

export function useUpdateQuoteLine(id: string) {
  return useQuoteMutation((v: { lineId: string; body: Record<string, unknown> }) => api<{ data: QuoteLine }>(`/quotes/${id}/lines/${v.lineId}`, { method: 'PATCH', body: v.body }).then((r) => r.data));
}

export function useDeleteQuoteLine(id: string) {
  return useQuoteMutation((lineId: string) => api(`/quotes/${id}/lines/${lineId}`, { method: 'DELETE' }));
}

export function useAddQuoteBlock(id: string) {
  return useQuoteMutation((body: { title: string; body: string; sortOrder?: number }) => api<{ data: QuoteBlock }>(`/quotes/${id}/blocks`, { method: 'POST', body }).then((r) => r.data));
}

export function useUpdateQuoteBlock(id: string) {
  return useQuoteMutation((v: { blockId: string; body: Partial<{ title: string; body: string; sortOrder: number }> }) =>
    api<{ data: QuoteBlock }>(`/quotes/${id}/blocks/${v.blockId}`, { method: 'PATCH', body: v.body }).then((r) => r.data),
  );
}

export function useDeleteQuoteBlock(id: string) {
  return useQuoteMutation((blockId: string) => api(`/quotes/${id}/blocks/${blockId}`, { method: 'DELETE' }));
}

export function useBulkQuotes() {
  return useQuoteMutation((v: { action: 'bulk-send' | 'bulk-delete'; ids: string[] }) => api<BulkResult>(`/quotes/${v.action}`, { method: 'POST', body: { ids: v.ids } }));
}
