'use client';

// PSA connections: the list, create/delete, the live test, queued syncs and their status.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { TCreatePsaConnection, TPsaImportBody, ZPsaConnection, ZPsaImportPreview, ZPsaImportResult, ZPsaStatus, ZPsaTestResult, ZPsaTicket } from '@/lib/psa/schemas';

export type PsaConnection = Wire<typeof ZPsaConnection>;
export type PsaStatus = Wire<typeof ZPsaStatus>;
export type PsaTestResult = Wire<typeof ZPsaTestResult>;
export type PsaConnectionInput = TCreatePsaConnection;
export type PsaTicket = Wire<typeof ZPsaTicket>;
export type PsaImportPreview = Wire<typeof ZPsaImportPreview>;
export type PsaImportResult = Wire<typeof ZPsaImportResult>;

/** The service desk's tickets in external mode: those synced from the bound connection. */
export function usePsaTickets(filters: { search?: string; page: number }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['psa', 'tickets', filters], placeholderData: (prev) => prev, queryFn: () => api<Page<PsaTicket>>('/psa/tickets', { query: { limit: 25, ...filters } }), enabled });
}

export function usePsaConnections() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['psa', 'connections'], queryFn: () => api<Page<PsaConnection>>('/psa/connections', { query: { limit: 100 } }), enabled });
}

/** Polls while a sync is queued or running, so the page shows it finish. */
export function usePsaStatus(id: string) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['psa', 'status', id],
    queryFn: () => api<PsaStatus>(`/psa/connections/${id}/status`),
    enabled,
    refetchInterval: (q) => (q.state.data?.syncStatus === 'queued' || q.state.data?.syncStatus === 'running' ? 2000 : false),
  });
}

export function useCreatePsaConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PsaConnectionInput) => api<PsaConnection>('/psa/connections', { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['psa', 'connections'] }),
  });
}

export function useDeletePsaConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/psa/connections/${id}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['psa'] }),
  });
}

export function useTestPsaConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<PsaTestResult>(`/psa/connections/${id}/test`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['psa', 'connections'] }),
  });
}

export function useSyncPsaConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ queued: true }>(`/psa/connections/${id}/sync`, { method: 'POST' }),
    onSettled: (_d, _e, id) => Promise.all([qc.invalidateQueries({ queryKey: ['psa', 'status', id] }), qc.invalidateQueries({ queryKey: ['psa', 'connections'] }), qc.invalidateQueries({ queryKey: ['psa', 'tickets'] })]),
  });
}

/** POST …/import/preview: reads the PSA's unlinked companies live (bounded; says when truncated). */
export function usePsaImportPreview() {
  return useMutation({ mutationFn: (id: string) => api<PsaImportPreview>(`/psa/connections/${id}/import/preview`, { method: 'POST' }) });
}

/** POST …/import: one batch of the chosen companies; the caller sends batches for progress. */
export function usePsaImportCommit() {
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: TPsaImportBody }) => api<PsaImportResult>(`/psa/connections/${id}/import`, { method: 'POST', body }) });
}
