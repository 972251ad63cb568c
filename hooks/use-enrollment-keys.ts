'use client';

import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZEnrollmentKey, ZEnrollmentKeyWithSecret } from '@/lib/enrollment-keys/schemas';

export type EnrollmentKey = Wire<typeof ZEnrollmentKey>;
export type EnrollmentKeyWithSecret = Wire<typeof ZEnrollmentKeyWithSecret>;

export function useEnrollmentKeys(params: { orgId?: string; page?: number; status?: string }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['enrollment-keys', params],
    queryFn: () => api<Page<EnrollmentKey>>('/enrollment-keys', { query: { ...params, limit: 50 } }),
    enabled,
  });
}

export function useCreateEnrollmentKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; orgId: string; siteId?: string; maxUsage?: number; ttlMinutes?: number; issueEnrollmentSecret?: boolean }) =>
      api<EnrollmentKeyWithSecret>('/enrollment-keys', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['enrollment-keys'] }),
  });
}

export function useRotateEnrollmentKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<EnrollmentKeyWithSecret>(`/enrollment-keys/${id}/rotate`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['enrollment-keys'] }),
  });
}

export function useDeleteEnrollmentKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/enrollment-keys/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['enrollment-keys'] }),
  });
}

/**
 * The Linux/macOS one-liner for a key (the same shape POST /devices/provision returns), on the
 * service's public base URL (APP_BASE_URL, which the page passes down) — the console's own
 * origin only when none is given.
 */
export function installCommand(key: string, secret?: string, baseUrl?: string): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const base = (baseUrl ?? window.location.origin).replace(/\/+$/, '');
  return `curl -fsSL ${q(`${base}/api/v1/agents/install.sh`)} | sudo bash -s -- --key ${q(key)}${secret ? ` --enrollment-secret ${q(secret)}` : ''}`;
}

/** The Windows one-liner for a key, for an elevated PowerShell (GET /agents/install.ps1). */
export function installCommandWindows(key: string, secret?: string, baseUrl?: string): string {
  const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const base = (baseUrl ?? window.location.origin).replace(/\/+$/, '');
  return `& ([scriptblock]::Create((Invoke-RestMethod ${q(`${base}/api/v1/agents/install.ps1`)}))) -Key ${q(key)}${secret ? ` -EnrollmentSecret ${q(secret)}` : ''}`;
}

/** Reads the keys again (their usage counts change when a device enrolls with one). */
export function useRefreshEnrollmentKeys() {
  const qc = useQueryClient();
  return useCallback(() => void qc.invalidateQueries({ queryKey: ['enrollment-keys'] }), [qc]);
}
