'use client';

// The distributor integration (doc 2 "Distributor"): settings, company mapping, products,
// direct orders, subscriptions and drift. Partner scope: the partner comes from the session.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn, type Page } from '@/hooks/use-api';
import type { Wire } from '@/lib/client/json';
import type {
  ZCommitment,
  ZCompany,
  ZCompanyList,
  ZDependencies,
  ZDriftRow,
  ZIntegration,
  ZIntegrationResponse,
  ZLinkResult,
  ZProduct,
  ZProductList,
  ZProvisionDetails,
  ZProvisionField,
  ZSubscription,
  ZSubscriptionList,
  ZSyncResult,
  ZTestIntegrationResult,
  ZUpsertIntegrationResponse,
} from '@/lib/distributor/schemas';
import type { ZLineResult, ZOrder, ZOrderDetail, ZOrderLine, ZOrderList, ZOrderResult, ZPreflightResult, ZReconcileResult, ZSubmitResult } from '@/lib/distributor/order-schemas';
import type { ZContract } from '@/lib/contracts/schemas';

export type DistributorIntegration = Wire<typeof ZIntegration>;
export type DistributorCompany = Wire<typeof ZCompany>;
export type DistributorProduct = Wire<typeof ZProduct>;
export type ProvisionField = Wire<typeof ZProvisionField>;
export type Commitment = Wire<typeof ZCommitment>;
export type DistributorOrder = Wire<typeof ZOrder>;
export type OrderLine = Wire<typeof ZOrderLine>;
export type OrderStatus = DistributorOrder['status'];
export type LineState = OrderLine['submitState'];
export type DistributorSubscription = Wire<typeof ZSubscription>;
export type DriftRow = Wire<typeof ZDriftRow>;

export type StageLineInput =
  | { action: 'new_subscription'; distributorProductId: string; catalogItemId: string; billingTerm: string; quantity: string; commitmentTermId?: string; provisioningDetails?: { key: string; values: string[] }[] }
  | { action: 'change_quantity'; targetSubscriptionId: string; quantity: string }
  | { action: 'cancel'; targetSubscriptionId: string };

export const BILLING_TERMS = ['Monthly', 'Annual', '2-Year', '3-Year', 'One-Time', 'Trial', 'Activation'] as const;

const key = (...parts: unknown[]) => ['distributor', ...parts];

export function useDistributorIntegration() {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: key('integration'),
    queryFn: () => api<Wire<typeof ZIntegrationResponse>>('/distributor/integration'),
    enabled,
    // A queued or running sync finishes in the worker: follow it until it settles.
    refetchInterval: (q) => (q.state.data?.data && ['queued', 'running'].includes(q.state.data.data.syncStatus) ? 2_000 : false),
  });
}

export function useSaveDistributorIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; status?: 'active' | 'inactive'; clientId?: string; clientSecret?: string }) =>
      api<Wire<typeof ZUpsertIntegrationResponse>>('/distributor/integration', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key() }),
  });
}

export function useTestDistributorConnection() {
  return useMutation({
    mutationFn: (body: { clientId?: string; clientSecret?: string }) => api<Wire<typeof ZTestIntegrationResult>>('/distributor/integration/test', { method: 'POST', body }),
  });
}

export function useDistributorSync() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<Wire<typeof ZSyncResult>>('/distributor/sync', { method: 'POST', body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key() }),
  });
}

export function useDistributorCompanies() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: key('companies'), queryFn: () => api<Wire<typeof ZCompanyList>>('/distributor/companies'), enabled });
}

export function useMapCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { integrationId: string; distributorCompanyId: string; orgId?: string | null; ignored?: boolean }) => api<{ data: DistributorCompany }>('/distributor/companies/map', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key() }),
  });
}

export function useDistributorProducts() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: key('products'), queryFn: () => api<Wire<typeof ZProductList>>('/distributor/products'), enabled });
}

/** Live from the distributor: fetched only when a product is opened. */
export function useProvisionDetails(productId: string | undefined) {
  const enabled = useSignedIn() && !!productId;
  return useQuery({ queryKey: key('provision-details', productId), queryFn: () => api<Wire<typeof ZProvisionDetails>>(`/distributor/products/${encodeURIComponent(productId!)}/provision-details`), enabled, staleTime: 60_000 });
}

export function useProductDependencies(productId: string | undefined) {
  const enabled = useSignedIn() && !!productId;
  return useQuery({
    queryKey: key('dependencies', productId),
    queryFn: () => api<Wire<typeof ZDependencies>>(`/distributor/products/${encodeURIComponent(productId!)}/dependencies`),
    enabled,
    staleTime: 60_000,
  });
}

export function useDistributorOrders(orgId: string | undefined) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: key('orders', orgId ?? 'queue'), queryFn: () => api<Wire<typeof ZOrderList>>('/distributor/orders', { query: { orgId } }), enabled });
}

export function useDistributorOrder(id: string) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: key('order', id),
    queryFn: () => api<Wire<typeof ZOrderDetail>>(`/distributor/orders/${id}`),
    enabled,
    refetchInterval: (q) => (q.state.data?.data.order.status === 'submitting' ? 2_000 : false),
  });
}

export function useCreateDistributorOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orgId: string) => api<Wire<typeof ZOrderResult>>('/distributor/orders', { method: 'POST', body: { orgId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key() }),
  });
}

function useOrderMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: key() }) });
}

export function useStageLine(orderId: string) {
  return useOrderMutation((body: StageLineInput) => api<Wire<typeof ZLineResult>>(`/distributor/orders/${orderId}/lines`, { method: 'POST', body }));
}

export function usePatchLine(orderId: string) {
  return useOrderMutation(({ lineId, ...body }: { lineId: string; commitmentTermId?: string | null; provisioningDetails?: { key: string; values: string[] }[] }) =>
    api<Wire<typeof ZLineResult>>(`/distributor/orders/${orderId}/lines/${lineId}`, { method: 'PATCH', body }),
  );
}

export function useRemoveLine(orderId: string) {
  return useOrderMutation((lineId: string) => api(`/distributor/orders/${orderId}/lines/${lineId}`, { method: 'DELETE' }));
}

export function usePreflightOrder(orderId: string) {
  return useOrderMutation(() => api<Wire<typeof ZPreflightResult>>(`/distributor/orders/${orderId}/preflight`, { method: 'POST', body: {} }));
}

export function useSubmitOrder(orderId: string) {
  return useOrderMutation(() =>
    api<Wire<typeof ZSubmitResult>>(`/distributor/orders/${orderId}/submit`, { method: 'POST', body: {} }),
  );
}

export function useReconcileOrder(orderId: string) {
  return useOrderMutation(() => api<Wire<typeof ZReconcileResult>>(`/distributor/orders/${orderId}/reconcile`, { method: 'POST', body: {} }));
}

export function useDistributorSubscriptions(params: { orgId?: string; unmappedOnly?: boolean }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: key('subscriptions', params), queryFn: () => api<Wire<typeof ZSubscriptionList>>('/distributor/subscriptions', { query: { ...params, limit: 500 } }), enabled });
}

export function useLinkSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { integrationId: string; distributorSubscriptionId: string; contractLineId: string; syncEnabled?: boolean }) => api<Wire<typeof ZLinkResult>>('/distributor/subscriptions/link', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key() }),
  });
}

export function useUnlinkSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { integrationId: string; distributorSubscriptionId: string }) => api('/distributor/subscriptions/link', { method: 'DELETE', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key() }),
  });
}

export function useDistributorDrift(integrationId: string | undefined) {
  const enabled = useSignedIn() && !!integrationId;
  return useQuery({ queryKey: key('drift', integrationId), queryFn: () => api<{ data: DriftRow[] }>('/distributor/drift', { query: { integrationId } }), enabled });
}

export type ContractWithLines = Wire<typeof ZContract>;

/** The organization's contracts: their manual lines are what a subscription links to. */
export function useOrgContracts(orgId: string | null | undefined) {
  const enabled = useSignedIn() && !!orgId;
  return useQuery({ queryKey: ['contracts', 'by-org', orgId], queryFn: () => api<Page<ContractWithLines>>('/contracts', { query: { orgId: orgId!, limit: 100 } }), enabled });
}
