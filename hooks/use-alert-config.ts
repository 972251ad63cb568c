'use client';

// Alert configuration over /api/v1/alerts/{rules,channels,policies} and /alert-templates: the
// console's rules, notification channels, escalation policies, templates and correlation groups.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZAlertRule, ZRuleCondition, ZRuleTargets, ZTestRuleResult } from '@/lib/alerts/schemas';
import type { ZChannel, ZChannelTestResult } from '@/lib/alerts/channels/schemas';
import type { ZPolicy } from '@/lib/alerts/policies/schemas';
import type { ZTemplate } from '@/lib/alerts/templates/schemas';
import type { ZCorrelationGroup } from '@/lib/alerts/correlation/schemas';
import type { Alert } from '@/hooks/use-alerts';

export type Severity = Alert['severity'];
export const METRICS = ['cpu', 'memory', 'disk'] as const;
export const OPERATORS = [
  { id: 'gt', label: 'above' },
  { id: 'gte', label: 'at or above' },
  { id: 'lt', label: 'below' },
  { id: 'lte', label: 'at or below' },
] as const;

export type RuleCondition = Wire<typeof ZRuleCondition>;
export type ConditionType = RuleCondition['type'];

export type RuleTargets = Wire<typeof ZRuleTargets>;
export type AlertRule = Wire<typeof ZAlertRule>;

export interface RuleBody {
  name: string;
  description?: string | null;
  enabled: boolean;
  severity?: Severity;
  targets: RuleTargets;
  condition?: RuleCondition;
  autoResolve: boolean;
  cooldownMinutes: number;
  templateId?: string;
  orgId?: string | null;
}

export type RuleTestResult = Wire<typeof ZTestRuleResult>;

const invalidate = (qc: ReturnType<typeof useQueryClient>, key: string) => () => qc.invalidateQueries({ queryKey: [key] });

export function useAlertRules(params: { page: number; orgId?: string; enabled?: string; conditionType?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['alert-rules', 'list', params], queryFn: () => api<Page<AlertRule>>('/alerts/rules', { query: { ...params, limit: 50 } }), enabled });
}

export function useAlertRule(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['alert-rules', 'one', id], queryFn: () => api<AlertRule>(`/alerts/rules/${id}`), enabled });
}

export function useSaveAlertRule(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<RuleBody>) => (id ? api<AlertRule>(`/alerts/rules/${id}`, { method: 'PATCH', body }) : api<AlertRule>('/alerts/rules', { method: 'POST', body })),
    onSuccess: invalidate(qc, 'alert-rules'),
  });
}

export function useDeleteAlertRule() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: string) => api(`/alerts/rules/${id}`, { method: 'DELETE' }), onSuccess: invalidate(qc, 'alert-rules') });
}

export function useTestAlertRule(id: string) {
  return useMutation({
    mutationFn: (body: { deviceId?: string; metrics?: Partial<Record<'cpuPercent' | 'memoryPercent' | 'diskPercent', number>> }) => api<RuleTestResult>(`/alerts/rules/${id}/test`, { method: 'POST', body }),
  });
}

// --- Channels ------------------------------------------------------------------------------

export const CHANNEL_KINDS = ['email', 'slack', 'teams', 'webhook', 'pagerduty', 'sms'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
export const CHANNEL_KIND_LABELS: Record<ChannelKind, string> = { email: 'Email', slack: 'Slack', teams: 'Microsoft Teams', webhook: 'Webhook', pagerduty: 'PagerDuty', sms: 'SMS (Twilio)' };

export type Channel = Wire<typeof ZChannel>;
export type ChannelTestResult = Wire<typeof ZChannelTestResult>;

export function useChannels(params: { page: number; orgId?: string; kind?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['alert-channels', 'list', params], queryFn: () => api<Page<Channel>>('/alerts/channels', { query: { ...params, limit: 50 } }), enabled });
}

/** Every channel in scope (pickers); 100 is the API's page maximum and a policy takes up to 50. */
export function useAllChannels() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['alert-channels', 'all'], queryFn: () => api<Page<Channel>>('/alerts/channels', { query: { limit: 100 } }), enabled });
}

export function useChannel(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['alert-channels', 'one', id], queryFn: () => api<Channel>(`/alerts/channels/${id}`), enabled });
}

export function useSaveChannel(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; enabled?: boolean; kind?: ChannelKind; config?: Record<string, unknown>; orgId?: string | null }) =>
      id ? api<Channel>(`/alerts/channels/${id}`, { method: 'PATCH', body }) : api<Channel>('/alerts/channels', { method: 'POST', body }),
    onSuccess: invalidate(qc, 'alert-channels'),
  });
}

export function useDeleteChannel() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: string) => api(`/alerts/channels/${id}`, { method: 'DELETE' }), onSuccess: invalidate(qc, 'alert-channels') });
}

export function useTestChannel(id: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => api<ChannelTestResult>(`/alerts/channels/${id}/test`, { method: 'POST' }), onSettled: invalidate(qc, 'alert-channels') });
}

// --- Policies ------------------------------------------------------------------------------

export type Policy = Wire<typeof ZPolicy>;
export type PolicyBody = Omit<Policy, 'id' | 'partnerId' | 'orgId' | 'createdAt' | 'updatedAt'> & { orgId?: string | null };

export function usePolicies(params: { page: number; orgId?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['alert-policies', 'list', params], queryFn: () => api<Page<Policy>>('/alerts/policies', { query: { ...params, limit: 50 } }), enabled });
}

export function usePolicy(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['alert-policies', 'one', id], queryFn: () => api<Policy>(`/alerts/policies/${id}`), enabled });
}

export function useSavePolicy(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<PolicyBody>) => (id ? api<Policy>(`/alerts/policies/${id}`, { method: 'PATCH', body }) : api<Policy>('/alerts/policies', { method: 'POST', body })),
    onSuccess: invalidate(qc, 'alert-policies'),
  });
}

export function useDeletePolicy() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: string) => api(`/alerts/policies/${id}`, { method: 'DELETE' }), onSuccess: invalidate(qc, 'alert-policies') });
}

// --- Templates and correlation -------------------------------------------------------------

export type AlertTemplate = Wire<typeof ZTemplate>;

export function useBuiltInTemplates() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['alert-templates', 'built-in'], queryFn: () => api<{ data: AlertTemplate[] }>('/alert-templates/templates/built-in'), enabled, staleTime: 300_000 });
}

export function useTemplates(params: { page: number; kind?: 'rule' | 'message' }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['alert-templates', 'list', params], queryFn: () => api<Page<AlertTemplate>>('/alert-templates/templates', { query: { ...params, limit: 100 } }), enabled });
}

export function useSaveTemplate(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => (id ? api<AlertTemplate>(`/alert-templates/templates/${id}`, { method: 'PATCH', body }) : api<AlertTemplate>('/alert-templates/templates', { method: 'POST', body })),
    onSuccess: invalidate(qc, 'alert-templates'),
  });
}

export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: string) => api(`/alert-templates/templates/${id}`, { method: 'DELETE' }), onSuccess: invalidate(qc, 'alert-templates') });
}

export type CorrelationGroup = Wire<typeof ZCorrelationGroup>;

export function useCorrelationGroups(params: { page: number; orgId?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['alert-correlations', 'groups', params], queryFn: () => api<Page<CorrelationGroup>>('/alert-templates/correlations/groups', { query: { ...params, limit: 25 } }), enabled });
}
