'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';

export interface Me {
  id: string;
  email: string;
  name: string;
  mfaEnabled: boolean;
  mfa: boolean;
  scope: 'system' | 'partner' | 'organization';
  partnerId: string | null;
  orgId: string | null;
  permissions: string[];
  role: { id: string; name: string };
  partner: { id: string; name: string; slug: string; status: string } | null;
  organization: { id: string; name: string } | null;
  orgAccess?: 'all' | 'selected' | 'none' | null;
}

export function useMe() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['me'], queryFn: () => api<Me>('/users/me'), enabled, staleTime: 60_000 });
}

export function useCan(permission: string): boolean {
  const me = useMe();
  return me.data?.permissions.includes(permission) ?? false;
}

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
