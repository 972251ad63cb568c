'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZScript, ZScriptParameter, ZScriptSummary, ZScriptVersion } from '@/lib/scripts/schemas';
import type { ZExecuteResponse, ZExecution } from '@/lib/scripts/executions/schemas';

export const SCRIPT_LANGUAGES = ['bash', 'powershell', 'python', 'cmd'] as const;
export const OS_TYPES = ['linux', 'macos', 'windows'] as const;

export type ScriptSummary = Wire<typeof ZScriptSummary>;
export type ScriptParameter = Wire<typeof ZScriptParameter>;
export type Script = Wire<typeof ZScript>;

// A type alias, not an interface: edit forms diff it with changedFields (Record<string, unknown>).
export type ScriptBody = {
  name: string;
  osTypes: string[];
  language: string;
  content: string;
  timeoutSeconds?: number;
  description?: string | null;
  parameters?: ScriptParameter[];
};

export type Execution = Wire<typeof ZExecution>;

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

export type ExecuteResult = Wire<typeof ZExecuteResponse>;

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

/** The runs of a script still pending or running (newest 25 of each), polled while there are any. */
export function useActiveExecutions(id: string) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: ['scripts', 'executions', id, 'active'],
    queryFn: async () => {
      const [pending, running] = await Promise.all(['pending', 'running'].map((status) => api<Page<Execution>>(`/scripts/${id}/executions`, { query: { status, limit: 25 } })));
      return [...running.data, ...pending.data];
    },
    enabled,
    refetchInterval: (q) => ((q.state.data?.length ?? 0) > 0 ? 3_000 : 20_000),
  });
}

export type ScriptVersion = Wire<typeof ZScriptVersion>;

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
