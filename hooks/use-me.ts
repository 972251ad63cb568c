'use client';

import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZMe } from '@/lib/users/schemas';

export type Me = Wire<typeof ZMe>;

export function useMe() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['me'], queryFn: () => api<Me>('/users/me'), enabled, staleTime: 60_000 });
}

export function useCan(permission: string): boolean {
  const me = useMe();
  return me.data?.permissions.includes(permission) ?? false;
}

// The MFA routes declare their answers inline (app/api/v1/auth/mfa/*): these two shapes are
// copied from there until those schemas move into lib/auth/schemas.ts.
export function useMfaSetup() {
  return useMutation({ mutationFn: () => api<{ secret: string; otpauthUrl: string }>('/auth/mfa/setup', { method: 'POST', body: {}, noRecovery: true }) });
}

export function useMfaEnable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<{ recoveryCodes: string[]; accessToken: string }>('/auth/mfa/enable', { method: 'POST', body: { code }, noRecovery: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['me'] }),
  });
}

export function useUpdateMe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; currentPassword?: string; newPassword?: string }) => api('/users/me', { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['me'] }),
  });
}

/** Reads the signed-in user again (after the session's token changed, e.g. MFA completed). */
export function useRefreshMe() {
  const qc = useQueryClient();
  return useCallback(() => void qc.invalidateQueries({ queryKey: ['me'] }), [qc]);
}
