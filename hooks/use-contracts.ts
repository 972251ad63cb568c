'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { BulkResult } from '@/hooks/use-billing';
import type { TContract, TContractLine, ZPeriodOutcome } from '@/lib/contracts/schemas';
import type { TInvoice } from '@/lib/invoices/schemas';

export type Contract = TContract;
export type ContractLine = TContractLine;
export type ContractStatus = TContract['status'];
export type PeriodOutcome = z.infer<typeof ZPeriodOutcome>;
export type LineBody = Record<string, unknown>;

export function useContracts(params: { page?: number; orgId?: string; status?: string }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['contracts', 'list', params],
    queryFn: () => api<Page<Contract>>('/contracts', { query: { page: params.page ?? 1, limit: 50, orgId: params.orgId, status: params.status } }),
    enabled,
  });
}

export function useContract(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['contracts', 'one', id], queryFn: () => api<{ data: Contract }>(`/contracts/${id}`).then((r) => r.data), enabled });
}

export function useContractPeriods(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['contracts', 'periods', id], queryFn: () => api<{ data: PeriodOutcome[] }>(`/contracts/${id}/periods`).then((r) => r.data), enabled });
}

/** Every contract mutation refreshes contracts and the invoices a generation may have written. */
function useContractMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['contracts'] }), qc.invalidateQueries({ queryKey: ['invoices'] })]),
  });
}

export function useCreateContract() {
  return useContractMutation((body: { orgId?: string; name: string; currency: string; startDate: string; endDate?: string | null; paymentTermsDays?: number; notes?: string }) =>
    api<{ data: Contract }>('/contracts', { method: 'POST', body }).then((r) => r.data),
  );
}

export function useUpdateContract(id: string) {
  return useContractMutation((body: Partial<{ name: string; startDate: string; endDate: string | null; paymentTermsDays: number; notes: string }>) =>
    api<{ data: Contract }>(`/contracts/${id}`, { method: 'PATCH', body }).then((r) => r.data),
  );
}

export function useDeleteContract() {
  return useContractMutation((id: string) => api(`/contracts/${id}`, { method: 'DELETE' }));
}

export function useContractAction(id: string) {
  return useContractMutation((v: { action: 'activate' } | { action: 'cancel'; reason?: string }) =>
    api<{ data: Contract }>(`/contracts/${id}/${v.action}`, { method: 'POST', body: v.action === 'cancel' ? { reason: v.reason || undefined } : {} }).then((r) => r.data),
  );
}

export function useChangeContractCurrency(id: string) {
  return useContractMutation((body: { currency: string; clearLines?: boolean; reprice?: boolean }) =>
    api<{ data: Contract }>(`/contracts/${id}/currency`, { method: 'POST', body }).then((r) => r.data),
  );
}

export function useGenerateInvoice(id: string) {
  return useContractMutation(() => api<{ data: { period: PeriodOutcome; invoice: TInvoice } }>(`/contracts/${id}/generate-invoice`, { method: 'POST', body: {} }).then((r) => r.data));
}

export function useAddContractLine(id: string) {
  return useContractMutation((body: LineBody) => api<{ data: ContractLine }>(`/contracts/${id}/lines`, { method: 'POST', body }).then((r) => r.data));
}

export function useUpdateContractLine(id: string) {
  return useContractMutation((v: { lineId: string; body: LineBody }) => api<{ data: ContractLine }>(`/contracts/${id}/lines/${v.lineId}`, { method: 'PATCH', body: v.body }).then((r) => r.data));
}

export function useDeleteContractLine(id: string) {
  return useContractMutation((lineId: string) => api(`/contracts/${id}/lines/${lineId}`, { method: 'DELETE' }));
}

export function useBulkContracts() {
  return useContractMutation((v: { action: 'bulk-cancel'; ids: string[]; reason?: string } | { action: 'bulk-delete'; ids: string[] }) =>
    api<BulkResult>(`/contracts/${v.action}`, { method: 'POST', body: v.action === 'bulk-cancel' ? { ids: v.ids, reason: v.reason || undefined } : { ids: v.ids } }),
  );
}
