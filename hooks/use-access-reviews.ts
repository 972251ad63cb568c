'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type { ZAccessReview, ZAccessReviewItem, ZAccessReviewSummary } from '@/lib/access-reviews/schemas';

export type AccessReviewItem = Wire<typeof ZAccessReviewItem>;
export type AccessReviewSummary = Wire<typeof ZAccessReviewSummary>;
export type AccessReview = Wire<typeof ZAccessReview>;

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
