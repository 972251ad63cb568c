// What the service needs from a cloud-marketplace distributor. Implementations: the HTTP client
// (http-client.ts) used against the real API and the sandbox distributor alike, and any test
// double. Records are already normalised: contact personal data never leaves the client.

export interface DistributorCompanyRecord {
  id: string;
  name: string;
  status: string;
  primaryAdminReady: boolean;
  primaryBillingReady: boolean;
  primaryTechnicalReady: boolean;
}

export interface DistributorCommitmentPeriod {
  id: string;
  term: string | null;
  startDate: string | null;
  endDate: string | null;
}

export interface DistributorSubscriptionRecord {
  id: string;
  companyId: string;
  productId: string | null;
  productName: string | null;
  status: string;
  billingTerm: string | null;
  /** Null when the distributor reported no credible quantity (unknown is not zero). */
  quantity: string | null;
  /** Null when the distributor sent no commitment evidence at all. */
  commitments: DistributorCommitmentPeriod[] | null;
}

export interface DistributorProductRecord {
  id: string;
  name: string;
  vendorName: string | null;
  vendorSkuId: string | null;
  billingFrequency: string | null;
  commitmentTermMonths: number | null;
  active: boolean;
}

export interface DistributorProvisionField {
  key: string;
  label: string;
  description: string;
  valueType: 'Input' | 'Single-Value' | 'Multi-Value';
  possibleValues: string[];
}

export interface DistributorCommitmentRule {
  id: string;
  term: string;
  allowForQuantityIncrease: boolean;
  allowForQuantityDecrease: boolean;
  allowForEarlyCancellation: boolean;
  cancellationFeeApplied: boolean;
}

export interface DistributorOrderLineInput {
  productId: string;
  quantity: string;
  billingTerm: string;
  commitmentTermId: string | null;
  provisioningDetails: { key: string; values: string[] }[];
}

export interface DistributorOrderInput {
  companyId: string;
  /** Our idempotency handle, echoed by order lookups (reconciliation searches by it). */
  reference: string;
  lineItems: DistributorOrderLineInput[];
}

export interface DistributorOrderRecord {
  id: string;
  companyId: string;
  reference: string | null;
  lineItems: { productId: string; quantity: string; subscriptionId: string | null }[];
}

export type DistributorErrorKind =
  /** The distributor answered and said no (4xx other than auth/not found): definitive. */
  | 'rejected'
  | 'unauthorized'
  | 'not_found'
  /** No usable answer (timeout, transport error, 5xx, unreadable body): a write may or may not have happened. */
  | 'uncertain';

export class DistributorError extends Error {
  constructor(
    readonly kind: DistributorErrorKind,
    message: string,
    readonly status: number | null = null,
    /** The distributor's raw body: parsed JSON when it was JSON, else the text. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'DistributorError';
  }
}

export interface DistributorClient {
  listCompanies(): Promise<DistributorCompanyRecord[]>;
  listSubscriptions(): Promise<DistributorSubscriptionRecord[]>;
  listProducts(): Promise<DistributorProductRecord[]>;
  getSubscription(id: string): Promise<DistributorSubscriptionRecord>;
  getProvisionDetails(productId: string): Promise<DistributorProvisionField[]>;
  getDependencies(productId: string): Promise<DistributorCommitmentRule[]>;
  /** Validates without ordering (`isMock`): resolves on success, DistributorError 'rejected' with the raw body otherwise. */
  validateOrder(order: DistributorOrderInput): Promise<void>;
  placeOrder(order: DistributorOrderInput): Promise<DistributorOrderRecord>;
  findOrdersByReference(reference: string): Promise<DistributorOrderRecord[]>;
  getOrder(id: string): Promise<DistributorOrderRecord>;
  updateSubscriptionQuantity(id: string, quantity: string): Promise<DistributorSubscriptionRecord>;
  cancelSubscription(id: string, cancelDate: string): Promise<DistributorSubscriptionRecord>;
}
