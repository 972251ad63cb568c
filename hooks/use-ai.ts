'use client';

// The AI assistant: conversations, their streamed turns (server-sent events read from the
// response body), approvals, and the admin views of usage, budget, sessions and security events.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { AiStreamEvent, ZAdminAiSessionList, ZAiBudget, ZAiSecurityEvent, ZAiSession, ZAiSessionDetail, ZAiSessionSearchResult, ZAiUsage } from '@/lib/ai/schemas';

export type AiSession = Wire<typeof ZAiSession>;
export type AiSessionDetail = Wire<typeof ZAiSessionDetail>;
export type AiSessionSearchHit = Wire<typeof ZAiSessionSearchResult>['data'][number];
export type AdminAiSession = Wire<typeof ZAdminAiSessionList>['data'][number];
export type AiBudget = Wire<typeof ZAiBudget>;
export type AiUsage = Wire<typeof ZAiUsage>;
export type AiSecurityEvent = Wire<typeof ZAiSecurityEvent>;
export type { AiStreamEvent };

const KEY = ['ai'] as const;

/** The caller's conversations, or those matching `search`. */
export function useAiSessions(search: string, enabled = true) {
  const signedIn = useSignedIn();
  const q = search.trim();
  return useQuery({
    queryKey: [...KEY, 'sessions', q],
    placeholderData: (prev) => prev,
    queryFn: () => (q ? api<Page<AiSessionSearchHit>>('/ai/sessions/search', { query: { q, limit: 50 } }) : api<Page<AiSession>>('/ai/sessions', { query: { limit: 50 } })),
    enabled: signedIn && enabled,
  });
}

export function useAiSession(id: string | null) {
  const signedIn = useSignedIn();
  return useQuery({ queryKey: [...KEY, 'session', id], queryFn: () => api<AiSessionDetail>(`/ai/sessions/${id}`), enabled: signedIn && !!id });
}

export function useAiBudget(enabled = true) {
  const signedIn = useSignedIn();
  return useQuery({ queryKey: [...KEY, 'budget'], queryFn: () => api<AiBudget>('/ai/budget'), enabled: signedIn && enabled });
}

export function useAiUsage(month?: string) {
  const signedIn = useSignedIn();
  return useQuery({ queryKey: [...KEY, 'usage', month ?? ''], queryFn: () => api<AiUsage>('/ai/usage', { query: { month } }), enabled: signedIn });
}

export function useAdminAiSessions(filters: { q?: string; page: number }) {
  const signedIn = useSignedIn();
  return useQuery({ queryKey: [...KEY, 'admin-sessions', filters], placeholderData: (prev) => prev, queryFn: () => api<Page<AdminAiSession>>('/ai/admin/sessions', { query: { limit: 25, ...filters } }), enabled: signedIn });
}

export function useAiSecurityEvents(filters: { kind?: string; page: number }) {
  const signedIn = useSignedIn();
  return useQuery({ queryKey: [...KEY, 'security-events', filters], placeholderData: (prev) => prev, queryFn: () => api<Page<AiSecurityEvent>>('/ai/admin/security-events', { query: { limit: 25, ...filters } }), enabled: signedIn });
}

export function useCreateAiSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<AiSession>('/ai/sessions', { method: 'POST', body: {} }),
    onSettled: () => qc.invalidateQueries({ queryKey: [...KEY, 'sessions'] }),
  });
}

export function useDeleteAiSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/ai/sessions/${id}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useInterruptAiSession() {
  return useMutation({ mutationFn: (id: string) => api<{ interrupted: boolean; cancelledExecutions: number }>(`/ai/sessions/${id}/interrupt`, { method: 'POST' }) });
}

/** Keeps the lists and the open conversation in step after a streamed turn. */
export function useRefreshAi() {
  const qc = useQueryClient();
  return (id: string) => {
    void qc.invalidateQueries({ queryKey: [...KEY, 'session', id] });
    void qc.invalidateQueries({ queryKey: [...KEY, 'sessions'] });
    void qc.invalidateQueries({ queryKey: [...KEY, 'budget'] });
  };
}

/**
 * POSTs to a streaming route (`/ai/sessions/:id/messages` or `/approve/:executionId`) and hands
 * each event to `onEvent` as it arrives. An error before the stream opens throws ApiError.
 */
export async function streamAi(path: string, body: unknown, onEvent: (event: AiStreamEvent) => void, signal?: AbortSignal): Promise<void> {
  const res = await apiFetch(path, { method: 'POST', body, signal });
  const reader = res.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const name = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (name && data) onEvent({ event: name, data: JSON.parse(data) } as AiStreamEvent);
    }
  }
}
