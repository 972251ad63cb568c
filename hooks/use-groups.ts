'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZAddGroupDevicesResponse, ZGroup, ZGroupDevice, ZGroupRules, ZMembershipLogEntry, ZPinResponse, ZPreviewResponse, ZRuleCondition } from '@/lib/device-groups/schemas';
import type { ZTagList } from '@/lib/tags/schemas';
import type { Device } from '@/hooks/use-devices';
import type { FilterGroupDraft } from '@/hooks/use-filters';

export type RuleCondition = Wire<typeof ZRuleCondition>;
export type RuleField = RuleCondition['field'];
export type GroupRules = Wire<typeof ZGroupRules>;
/** Rules while the editor holds them: the device filter grammar's draft (hooks/use-filters.ts). */
export type GroupRulesDraft = FilterGroupDraft;
export type Group = Wire<typeof ZGroup>;
export type GroupDevice = Wire<typeof ZGroupDevice>;
export type GroupPreview = Wire<typeof ZPreviewResponse>;
export type MembershipLogEntry = Wire<typeof ZMembershipLogEntry>;

export function useGroups(params: { orgId?: string; page?: number; search?: string; type?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['groups', 'list', params], queryFn: () => api<Page<Group>>('/groups', { query: { ...params, limit: 50 } }), enabled });
}

export function useGroup(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['groups', 'one', id], queryFn: () => api<Group>(`/groups/${id}`), enabled });
}

export function useGroupDevices(id: string, page: number) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['groups', 'devices', id, page], queryFn: () => api<Page<GroupDevice>>(`/groups/${id}/devices`, { query: { page, limit: 100 } }), enabled });
}

export function useMembershipLog(id: string, page: number) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['groups', 'log', id, page], queryFn: () => api<Page<MembershipLogEntry>>(`/groups/${id}/membership-log`, { query: { page, limit: 50 } }), enabled });
}

/** Live preview of (unsaved) rules: re-runs whenever the rules being edited change. */
export function useGroupPreview(id: string, rules: GroupRulesDraft | null, enabled: boolean) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: ['groups', 'preview', id, rules],
    queryFn: ({ signal }) => api<GroupPreview>(`/groups/${id}/preview`, { method: 'POST', body: rules ? { rules } : {}, query: { limit: 50 }, signal }),
    enabled: signedIn && enabled,
    retry: false,
    placeholderData: (prev) => prev,
  });
}

function useGroupMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['groups'] }) });
}

export const useCreateGroup = () =>
  useGroupMutation((body: { name: string; description?: string; orgId?: string; siteId?: string; type: 'static' | 'dynamic'; rules?: GroupRulesDraft }) => api<Group>('/groups', { method: 'POST', body }));
export const useUpdateGroup = (id: string) => useGroupMutation((body: { name?: string; description?: string | null; rules?: GroupRulesDraft }) => api<Group>(`/groups/${id}`, { method: 'PATCH', body }));
export const useDeleteGroup = () => useGroupMutation((id: string) => api<void>(`/groups/${id}`, { method: 'DELETE' }));
export const useAddGroupDevices = (id: string) =>
  useGroupMutation((deviceIds: string[]) =>
    api<Wire<typeof ZAddGroupDevicesResponse>>(`/groups/${id}/devices`, { method: 'POST', body: { deviceIds } }),
  );
export const useRemoveGroupDevice = (id: string) => useGroupMutation((deviceId: string) => api<void>(`/groups/${id}/devices/${deviceId}`, { method: 'DELETE' }));
export const usePinDevice = (id: string) =>
  useGroupMutation(({ deviceId, mode }: { deviceId: string; mode: 'include' | 'exclude' | null }) =>
    api<Wire<typeof ZPinResponse>>(`/groups/${id}/devices/${deviceId}/pin`, mode ? { method: 'POST', body: { mode } } : { method: 'DELETE' }),
  );

export function useTags(orgId?: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['tags', 'list', orgId ?? null], queryFn: () => api<Wire<typeof ZTagList>>('/tags', { query: { orgId } }), enabled });
}

export function useTaggedDevices(tags: string[], match: 'any' | 'all', page: number) {
  const enabled = useSignedIn() && tags.length > 0;
  return useQuery({
    queryKey: ['tags', 'devices', tags, match, page],
    queryFn: () => api<Page<Device>>('/tags/devices', { query: { tags: tags.join(','), match, page, limit: 100 } }),
    enabled,
  });
}
