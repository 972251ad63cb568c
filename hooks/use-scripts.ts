'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';

export const SCRIPT_LANGUAGES = ['bash', 'powershell', 'python', 'cmd'] as const;
export const OS_TYPES = ['linux', 'macos', 'windows'] as const;

export interface ScriptSummary {
  id: string;
  orgId: string | null;
  availability: 'org' | 'partner';
  name: string;
  description: string | null;
  category: string | null;
  tags: string[];
  osTypes: string[];
  language: (typeof SCRIPT_LANGUAGES)[number];
  runAs: string;
  timeoutSeconds: number;
  version: number;
  updatedAt: string;
}

export interface ScriptParameter {
  name: string;
  label?: string;
  type: 'string' | 'number' | 'boolean';
  required: boolean;
  default?: string | number | boolean;
}

export interface Script extends ScriptSummary {
  content: string;
  parameters: ScriptParameter[];
}

export interface ScriptBody {
  name: string;
  osTypes: string[];
  language: string;
  content: string;
  timeoutSeconds?: number;
  description?: string | null;
  parameters?: ScriptParameter[];
}

export interface Execution {
  id: string;
  scriptId: string | null;
  scriptName: string;
  scriptVersion: number;
  deviceId: string;
  status: 'pending' | 'running' | 'completed' | 'failed' | 'timed_out' | 'cancelled';
  exitCode: number | null;
  stdout: string | null;
  stderr: string | null;
  truncated: boolean;
  durationMs: number | null;
  createdAt: string;
  completedAt: string | null;
}

export function useScripts(params: { page: number; search?: string; orgId?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['scripts', 'list', params], queryFn: () => api<Page<ScriptSummary>>('/scripts', { query: { ...params, limit: 50 } }), enabled });
}

export function useScript(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['scripts', 'one', id], queryFn: () => api<Script>(`/scripts/${id}`), enabled });
}

export function useCreateScript() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ScriptBody & { availability: 'org' | 'partner'; orgId?: string }) => api<Script>('/scripts', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['scripts'] }),
  });
}

export function useSaveScript(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ScriptBody & { note?: string }) => api<Script>(`/scripts/${id}`, { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['scripts'] }),
  });
}

export function useDeleteScript() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/scripts/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['scripts'] }),
  });
}

export interface ExecuteResult {
  executions: Execution[];
  skipped: { deviceId: string; reason: string }[];
  failed: { deviceId: string; code: string; message: string }[];
}

export function useExecuteScript(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { deviceIds: string[]; parameters?: Record<string, string | number | boolean> }) => api<ExecuteResult>(`/scripts/${id}/execute`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['scripts', 'executions', id] }),
  });
}

export function useExecutions(id: string, page: number) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['scripts', 'executions', id, page],
    queryFn: () => api<Page<Execution>>(`/scripts/${id}/executions`, { query: { page, limit: 25 } }),
    enabled,
    refetchInterval: (q) => (q.state.data?.data.some((e) => e.status === 'pending' || e.status === 'running') ? 3_000 : 20_000),
  });
}

export interface ScriptVersion {
  id: string;
  scriptId: string;
  version: number;
  current: boolean;
  name: string;
  description: string | null;
  osTypes: string[];
  language: string;
  content: string;
  runAs: string;
  timeoutSeconds: number;
  parameters: ScriptParameter[];
  note: string | null;
  createdById: string | null;
  createdAt: string;
}

export function useScriptVersions(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['scripts', 'versions', id], queryFn: () => api<{ data: ScriptVersion[] }>(`/script-library/scripts/${id}/versions`), enabled });
}

/** Restores an earlier body as a new version (history is never rewritten). */
export function useRollbackScript(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (versionId: string) => api<Script>(`/script-library/scripts/${id}/rollback/${versionId}`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['scripts'] }),
  });
}
