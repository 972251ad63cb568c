'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZUser } from '@/lib/users/schemas';
import type { ZAvailablePermission, ZRole } from '@/lib/roles/schemas';

export type User = Wire<typeof ZUser>;
export type RoleRef = NonNullable<User['role']>;
export type Role = Wire<typeof ZRole>;

export function useUsers(params: { page: number; search?: string; status?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['users', 'list', params], queryFn: () => api<Page<User>>('/users', { query: { ...params, limit: 50 } }), enabled });
}

export function useRoles() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['roles'], queryFn: () => api<Page<Role>>('/roles', { query: { limit: 100 } }), enabled });
}

export function useAssignableRoles() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['roles', 'assignable'], queryFn: () => api<{ data: Role[] }>('/users/roles'), enabled });
}

export function useAvailablePermissions() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['permissions'], queryFn: () => api<{ data: Wire<typeof ZAvailablePermission>[] }>('/roles/permissions/available'), enabled, staleTime: Infinity });
}

export function useInviteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; name: string; roleId: string; orgAccess?: string; orgIds?: string[]; orgId?: string }) => api<User>('/users/invite', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useUpdateUser(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<{ status: 'active' | 'disabled'; orgAccess: string; orgIds: string[]; name: string }>) => api<User>(`/users/${id}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useChangeRole(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (roleId: string) => api<User>(`/users/${id}/role`, { method: 'POST', body: { roleId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useRemoveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/users/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useCloneRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api<Role>(`/roles/${id}/clone`, { method: 'POST', body: { name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['roles'] }),
  });
}

export function useUpdateRole(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { permissions?: string[]; name?: string; description?: string | null }) => api<Role>(`/roles/${id}`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['roles'] }),
  });
}
