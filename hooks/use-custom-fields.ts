'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZCustomField, ZDeviceCustomFieldValue } from '@/lib/custom-fields/schemas';

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'boolean', 'date', 'select'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export type CustomField = Wire<typeof ZCustomField>;
export type DeviceFieldValue = Wire<typeof ZDeviceCustomFieldValue>;

export function useCustomFields(orgId?: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['custom-fields', 'list', orgId ?? null], queryFn: () => api<{ data: CustomField[] }>('/custom-fields', { query: { orgId } }), enabled });
}

function useFieldMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['custom-fields'] }) });
}

export const useCreateCustomField = () =>
  useFieldMutation((body: { key: string; name: string; description?: string | null; type: CustomFieldType; options?: string[]; scriptWritable: boolean; orgId?: string }) => api<CustomField>('/custom-fields', { method: 'POST', body }));
export const useUpdateCustomField = () =>
  useFieldMutation(({ id, ...body }: { id: string; name?: string; description?: string | null; options?: string[]; scriptWritable?: boolean }) => api<CustomField>(`/custom-fields/${id}`, { method: 'PATCH', body }));
export const useDeleteCustomField = () => useFieldMutation((id: string) => api<void>(`/custom-fields/${id}`, { method: 'DELETE' }));

export function useDeviceCustomFields(deviceId: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['custom-fields', 'device', deviceId], queryFn: () => api<{ data: DeviceFieldValue[] }>(`/devices/${deviceId}/custom-fields`), enabled });
}

export const useSetDeviceCustomFields = (deviceId: string) =>
  useFieldMutation((values: Record<string, string | number | boolean | null>) => api<{ data: DeviceFieldValue[] }>(`/devices/${deviceId}/custom-fields`, { method: 'PUT', body: { values } }));
