'use client';

// The distributor integration (doc 2 "Distributor"): settings, company mapping, products,
// direct orders, subscriptions and drift. Partner scope: the partner comes from the session.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import { useSignedIn } from '@/hooks/use-api';

export interface DistributorIntegration {
  id: string;
  name: string;
  status: 'active' | 'inactive';
  hasCredentials: boolean;
  clientIdHint: string | null;
  credentialsReadable: boolean;
  syncStatus: 'never' | 'queued' | 'running' | 'succeeded' | 'failed';
  syncQueuedAt: string | null;
  lastSyncStartedAt: string | null;
  lastSyncAt: string | null;
  lastSyncError: string | null;
  lastSyncCounts: { companies: number; subscriptions: number; products: number } | null;
  updatedAt: string;
}

export interface DistributorCompany {
  id: string;
  integrationId: string;
  distributorCompanyId: string;
  name: string;
  status: string;
  orgId: string | null;
  ignored: boolean;
  present: boolean;
  statusActive: boolean;
  primaryAdminReady: boolean;
  primaryBillingReady: boolean;
  primaryTechnicalReady: boolean;
  orderReady: boolean;
}

export interface DistributorProduct {
  distributorProductId: string;
  catalogItemId: string;
  catalogName: string;
  catalogSku: string;
  productName: string;
  vendorSkuId: string;
  billingFrequency: string | null;
  commitmentTermMonths: number | null;
}

export interface ProvisionField {
  key: string;
  label: string;
  description: string;
  valueType: 'Input' | 'Single-Value' | 'Multi-Value';
  possibleValues: string[];
}

export interface Commitment {
  id: string;
  term: string;
  allowForQuantityIncrease: boolean;
  allowForQuantityDecrease: boolean;
  allowForEarlyCancellation: boolean;
  cancellationFeeApplied: boolean;
}

export type OrderStatus = 'draft' | 'awaiting_details' | 'ready' | 'submitting' | 'completed' | 'partially_failed' | 'failed' | 'cancelled';
export type LineState = 'pending' | 'in_flight' | 'succeeded' | 'failed' | 'needs_reconcile';

export interface DistributorOrder {
  id: string;
  status: OrderStatus;
  orgId: string;
  source: 'direct' | 'quote';
  quoteId: string | null;
  submittedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface OrderLine {
  id: string;
  action: 'new_subscription' | 'change_quantity' | 'cancel';
  submitState: LineState;
  distributorProductId: string | null;
  catalogItemId: string | null;
  billingTerm: string | null;
  quantity: string | null;
  commitmentTermId: string | null;
  provisioningDetails: { key: string; values: string[] }[];
  targetSubscriptionId: string | null;
  cancelDate: string | null;
  distributorOrderId: string | null;
  resultSubscriptionId: string | null;
  error: string | null;
  updatedAt: string;
}

export interface DistributorSubscription {
  id: string;
  integrationId: string;
  distributorSubscriptionId: string;
  companyName: string | null;
  orgId: string | null;
  productName: string | null;
  status: string;
  billingTerm: string | null;
  billingQuantity: string | null;
  quantity: string | null;
  quantityKnown: boolean;
  contractLineId: string | null;
  syncEnabled: boolean;
  lastSyncedAt: string;
}

export interface DriftRow {
  contractLineId: string;
  orgId: string;
  distributorSubscriptionId: string;
  productName: string | null;
  billingQuantity: string;
  distributorQuantity: string;
}

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
    queryFn: () => api<{ data: DistributorIntegration | null }>('/distributor/integration'),
    enabled,
    // A queued or running sync finishes in the worker: follow it until it settles.
    refetchInterval: (q) => (q.state.data?.data && ['queued', 'running'].includes(q.state.data.data.syncStatus) ? 2_000 : false),
  });
}

export function useSaveDistributorIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; status?: 'active' | 'inactive'; clientId?: string; clientSecret?: string }) =>
      api<{ data: DistributorIntegration; syncQueued: boolean }>('/distributor/integration', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key() }),
  });
}

export function useTestDistributorConnection() {
  return useMutation({
    mutationFn: (body: { clientId?: string; clientSecret?: string }) => api<{ success: boolean; data?: { companies: number }; error?: string }>('/distributor/integration/test', { method: 'POST', body }),
  });
}

export function useDistributorSync() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ queued: boolean; jobId: string }>('/distributor/sync', { method: 'POST', body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key() }),
  });
}

export function useDistributorCompanies() {
  const enabled = useSignedIn();
  return useQuery({ queryKey: key('companies'), queryFn: () => api<{ data: DistributorCompany[]; integrationId: string | null }>('/distributor/companies'), enabled });
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
  return useQuery({ queryKey: key('products'), queryFn: () => api<{ data: DistributorProduct[]; integrationId: string | null }>('/distributor/products'), enabled });
}

/** Live from the distributor: fetched only when a product is opened. */
export function useProvisionDetails(productId: string | undefined) {
  const enabled = useSignedIn() && !!productId;
  return useQuery({ queryKey: key('provision-details', productId), queryFn: () => api<{ data: ProvisionField[] }>(`/distributor/products/${encodeURIComponent(productId!)}/provision-details`), enabled, staleTime: 60_000 });
}

export function useProductDependencies(productId: string | undefined) {
  const enabled = useSignedIn() && !!productId;
  return useQuery({
    queryKey: key('dependencies', productId),
    queryFn: () => api<{ data: { commitments: Commitment[] } }>(`/distributor/products/${encodeURIComponent(productId!)}/dependencies`),
    enabled,
    staleTime: 60_000,
  });
}

export function useDistributorOrders(orgId: string | undefined) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: key('orders', orgId ?? 'queue'), queryFn: () => api<{ data: DistributorOrder[] }>('/distributor/orders', { query: { orgId } }), enabled });
}

export function useDistributorOrder(id: string) {
  const enabled = useSignedIn();
  return useQuery({
    queryKey: key('order', id),
    queryFn: () => api<{ data: { order: DistributorOrder; lines: OrderLine[] } }>(`/distributor/orders/${id}`),
    enabled,
    refetchInterval: (q) => (q.state.data?.data.order.status === 'submitting' ? 2_000 : false),
  });
}

export function useCreateDistributorOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orgId: string) => api<{ data: DistributorOrder }>('/distributor/orders', { method: 'POST', body: { orgId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key() }),
  });
}

function useOrderMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: key() }) });
}

export function useStageLine(orderId: string) {
  return useOrderMutation((body: StageLineInput) => api<{ data: OrderLine }>(`/distributor/orders/${orderId}/lines`, { method: 'POST', body }));
}

export function usePatchLine(orderId: string) {
  return useOrderMutation(({ lineId, ...body }: { lineId: string; commitmentTermId?: string | null; provisioningDetails?: { key: string; values: string[] }[] }) =>
    api<{ data: OrderLine }>(`/distributor/orders/${orderId}/lines/${lineId}`, { method: 'PATCH', body }),
  );
}

export function useRemoveLine(orderId: string) {
  return useOrderMutation((lineId: string) => api(`/distributor/orders/${orderId}/lines/${lineId}`, { method: 'DELETE' }));
}

export function usePreflightOrder(orderId: string) {
  return useOrderMutation(() => api<{ ok: true }>(`/distributor/orders/${orderId}/preflight`, { method: 'POST', body: {} }));
}

export function useSubmitOrder(orderId: string) {
  return useOrderMutation(() =>
    api<{ orderId: string; status: 'completed' | 'partially_failed' | 'failed'; lines: { lineId: string; submitState: LineState; error?: string }[] }>(`/distributor/orders/${orderId}/submit`, { method: 'POST', body: {} }),
  );
}

export function useReconcileOrder(orderId: string) {
  return useOrderMutation(() => api<{ resolved: number; stillUnknown: number }>(`/distributor/orders/${orderId}/reconcile`, { method: 'POST', body: {} }));
}

export function useDistributorSubscriptions(params: { orgId?: string; unmappedOnly?: boolean }) {
  const enabled = useSignedIn();
  return useQuery({ queryKey: key('subscriptions', params), queryFn: () => api<{ data: DistributorSubscription[]; integrationId: string | null }>('/distributor/subscriptions', { query: { ...params, limit: 500 } }), enabled });
}

export function useLinkSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { integrationId: string; distributorSubscriptionId: string; contractLineId: string; syncEnabled?: boolean }) => api<{ data: DistributorSubscription }>('/distributor/subscriptions/link', { method: 'POST', body }),
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

export interface ContractWithLines {
  id: string;
  name: string;
  status: string;
  lines: { id: string; type: string; description: string; manualQuantity: string | null }[];
}

/** The organization's contracts: their manual lines are what a subscription links to. */
export function useOrgContracts(orgId: string | null | undefined) {
  const enabled = useSignedIn() && !!orgId;
  return useQuery({ queryKey: ['contracts', 'by-org', orgId], queryFn: () => api<{ data: ContractWithLines[] }>('/contracts', { query: { orgId: orgId!, limit: 100 } }), enabled });
}
