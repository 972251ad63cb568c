'use client';

// SNMP monitoring over /api/v1/snmp: devices (poll now, test credentials), values and their
// history, templates, thresholds and the dashboard.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type {
  ZCreateSnmpDevice,
  ZCreateSnmpTemplate,
  ZCreateSnmpThreshold,
  ZHistory,
  ZPollResult,
  ZSnmpDashboard,
  ZSnmpDevice,
  ZSnmpMetrics,
  ZSnmpTemplate,
  ZSnmpThreshold,
  ZTestResult,
  ZTemplateOid,
  ZUpdateSnmpDevice,
  ZUpdateSnmpThreshold,
  ZValidateOidResult,
  ZBrowseResult,
  ZSnmpCredentials,
} from '@/lib/snmp/schemas';

export type SnmpDevice = Wire<typeof ZSnmpDevice>;
export type SnmpTemplate = Wire<typeof ZSnmpTemplate>;
export type SnmpTemplateOid = Wire<typeof ZTemplateOid>;
export type SnmpThreshold = Wire<typeof ZSnmpThreshold>;
export type SnmpValues = Wire<typeof ZSnmpMetrics>;
export type SnmpHistory = Wire<typeof ZHistory>;
export type SnmpDashboard = Wire<typeof ZSnmpDashboard>;
export type SnmpPollResult = Wire<typeof ZPollResult>;
export type SnmpTestResult = Wire<typeof ZTestResult>;
export type SnmpCredentials = z.input<typeof ZSnmpCredentials>;
export type MibBrowse = Wire<typeof ZBrowseResult>;
export type OidValidation = Wire<typeof ZValidateOidResult>;

/** The ranges GET /snmp/metrics/:deviceId/history serves (ZHistoryQuery). */
export const SNMP_RANGES = ['1h', '6h', '24h', '7d', '30d', '90d', '1y'] as const;
export type SnmpRange = (typeof SNMP_RANGES)[number];
export const THRESHOLD_OPERATORS = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=', neq: '≠' } as const;
export type ThresholdOperator = keyof typeof THRESHOLD_OPERATORS;

const REFRESH_MS = 30_000;

export function useSnmpDevices(params: { page: number; orgId?: string; status?: string; search?: string }) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['snmp', 'devices', params],
    queryFn: () => api<Page<SnmpDevice>>('/snmp/devices', { query: { limit: 50, ...params, status: params.status || undefined, search: params.search || undefined } }),
    enabled,
    refetchInterval: REFRESH_MS,
  });
}

export function useSnmpDevice(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['snmp', 'device', id], queryFn: () => api<SnmpDevice>(`/snmp/devices/${id}`), enabled, refetchInterval: REFRESH_MS });
}

export function useSnmpValues(deviceId: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['snmp', 'values', deviceId], queryFn: () => api<SnmpValues>(`/snmp/metrics/${deviceId}`), enabled, refetchInterval: REFRESH_MS });
}

export function useSnmpHistory(deviceId: string, range: SnmpRange) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['snmp', 'history', deviceId, range], queryFn: () => api<SnmpHistory>(`/snmp/metrics/${deviceId}/history`, { query: { range } }), enabled, refetchInterval: REFRESH_MS });
}

export function useSnmpTemplates() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['snmp', 'templates'], queryFn: () => api<Page<SnmpTemplate>>('/snmp/templates', { query: { limit: 100 } }), enabled });
}

export function useSnmpThresholds(deviceId: string | undefined) {
  const enabled = useSignedIn() && !!deviceId;
  return useQuery({ queryKey: ['snmp', 'thresholds', deviceId], queryFn: () => api<{ data: SnmpThreshold[] }>(`/snmp/thresholds/${deviceId}`), enabled, refetchInterval: REFRESH_MS });
}

export function useSnmpDashboard() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['snmp', 'dashboard'], queryFn: () => api<SnmpDashboard>('/snmp/dashboard'), enabled, refetchInterval: REFRESH_MS });
}

export function useMibBrowse(params: { oid?: string; search?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['snmp', 'mib', params], queryFn: () => api<MibBrowse>('/snmp/oids/browse', { query: { oid: params.oid || undefined, search: params.search || undefined, limit: 100 } }), enabled });
}

function useSnmpMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: ['snmp'] }) });
}

export const useCreateSnmpDevice = () => useSnmpMutation((body: z.input<typeof ZCreateSnmpDevice>) => api<SnmpDevice>('/snmp/devices', { method: 'POST', body }));
export const useUpdateSnmpDevice = () =>
  useSnmpMutation(({ id, body }: { id: string; body: z.input<typeof ZUpdateSnmpDevice> }) => api<SnmpDevice>(`/snmp/devices/${id}`, { method: 'PATCH', body }));
export const useDeleteSnmpDevice = () => useSnmpMutation((id: string) => api<void>(`/snmp/devices/${id}`, { method: 'DELETE' }));
export const usePollSnmpDevice = () => useSnmpMutation((id: string) => api<SnmpPollResult>(`/snmp/devices/${id}/poll`, { method: 'POST' }));
// A test stores nothing: no invalidation.
export const useTestSnmpDevice = () =>
  useMutation({ mutationFn: ({ id, credentials }: { id: string; credentials?: SnmpCredentials }) => api<SnmpTestResult>(`/snmp/devices/${id}/test`, { method: 'POST', body: credentials ? { credentials } : {} }) });
export const useValidateOid = () => useMutation({ mutationFn: (body: { oid: string; deviceId?: string }) => api<OidValidation>('/snmp/oids/validate', { method: 'POST', body }) });

export const useCreateSnmpTemplate = () => useSnmpMutation((body: z.input<typeof ZCreateSnmpTemplate>) => api<SnmpTemplate>('/snmp/templates', { method: 'POST', body }));
export const useUpdateSnmpTemplate = () =>
  useSnmpMutation(({ id, body }: { id: string; body: Partial<z.input<typeof ZCreateSnmpTemplate>> }) => api<SnmpTemplate>(`/snmp/templates/${id}`, { method: 'PATCH', body }));
export const useDeleteSnmpTemplate = () => useSnmpMutation((id: string) => api<void>(`/snmp/templates/${id}`, { method: 'DELETE' }));

export const useCreateSnmpThreshold = () => useSnmpMutation((body: z.input<typeof ZCreateSnmpThreshold>) => api<SnmpThreshold>('/snmp/thresholds', { method: 'POST', body }));
export const useUpdateSnmpThreshold = () =>
  useSnmpMutation(({ id, body }: { id: string; body: z.input<typeof ZUpdateSnmpThreshold> }) => api<SnmpThreshold>(`/snmp/thresholds/${id}`, { method: 'PATCH', body }));
export const useDeleteSnmpThreshold = () => useSnmpMutation((id: string) => api<void>(`/snmp/thresholds/${id}`, { method: 'DELETE' }));
