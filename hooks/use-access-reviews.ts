'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';

interface Who {
  id: string | null;
  email: string | null;
}

export interface AccessReviewItem {
  id: string;
  userId: string;
  email: string;
  name: string;
  userStatus: string;
  scope: 'system' | 'partner' | 'organization';
  orgId: string | null;
  role: { id: string; name: string; permissions: string[] };
  orgAccess: 'all' | 'selected' | 'none' | null;
  orgIds: string[];
  decision: 'keep' | 'revoke' | null;
  note: string | null;
  decidedBy: Who | null;
  decidedAt: string | null;
  outcome: 'revoked' | 'already_removed' | 'kept' | null;
  appliedAt: string | null;
}

export interface AccessReviewSummary {
  id: string;
  partnerId: string;
  name: string;
  description: string | null;
  status: 'open' | 'completed';
  dueAt: string | null;
  createdBy: Who;
  completedBy: Who | null;
  completedAt: string | null;
  counts: { total: number; undecided: number; keep: number; revoke: number };
  createdAt: string;
  updatedAt: string;
}

export type AccessReview = AccessReviewSummary & { items: AccessReviewItem[] };

export function useAccessReviews(params: { page?: number; status?: string }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['access-reviews', 'list', params], queryFn: () => api<Page<AccessReviewSummary>>('/access-reviews', { query: { ...params, limit: 50 } }), enabled });
}

export function useAccessReview(id: string) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: ['access-reviews', 'one', id], queryFn: () => api<AccessReview>(`/access-reviews/${id}`), enabled });
}

function useReviewMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['access-reviews'] }) });
}

export const useStartAccessReview = () => useReviewMutation((body: { name?: string; description?: string | null; dueAt?: string }) => api<AccessReview>('/access-reviews', { method: 'POST', body }));
export const useDecideReviewItem = (reviewId: string) =>
  useReviewMutation(({ itemId, ...body }: { itemId: string; decision: 'keep' | 'revoke'; note?: string | null }) => api<AccessReviewItem>(`/access-reviews/${reviewId}/items/${itemId}`, { method: 'PATCH', body }));
export const useCompleteAccessReview = (reviewId: string) => useReviewMutation(() => api<AccessReview>(`/access-reviews/${reviewId}/complete`, { method: 'POST' }));
