// Request and response shapes of the distributor routes (doc 2 "Distributor objects",
// "Distributor ordering"). Bodies are strict: unknown fields are a 400.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { zRawText, zText } from '@/lib/http/storable-text';

const queryBool = z.enum(['true', 'false']).transform((v) => v === 'true');
const partnerId = z.string().uuid().optional().describe('System callers: the partner to act for (required in system scope). Partner callers: omit, or their own partner id.');
const distributorId = zText(100, 1);

export const ZPartnerQuery = z.object({ partnerId });

export const ZUpsertIntegration = z
  .strictObject({
    partnerId,
    name: zText(255, 1).optional(),
    status: z.enum(['active', 'inactive']).optional(),
    clientId: zText(255, 1).optional(),
    clientSecret: zRawText(1000, 1).optional(),
  })
  .refine((v) => (v.clientId === undefined) === (v.clientSecret === undefined), {
    message: 'clientId and clientSecret are given together',
    path: ['clientSecret'],
  });

export const ZIntegration = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  name: z.string(),
  status: z.enum(['active', 'inactive']),
  hasCredentials: z.boolean(),
  clientIdHint: z.string().nullable().describe('The last four characters of the stored client id'),
  credentialsReadable: z.boolean().describe('False when the stored credentials can no longer be decrypted (ENCRYPTION_KEY changed): save them again'),
  syncStatus: z.enum(['never', 'queued', 'running', 'succeeded', 'failed']),
  syncJobId: z.string().nullable(),
  syncQueuedAt: ZTimestamp.nullable(),
  lastSyncStartedAt: ZTimestamp.nullable(),
  lastSyncAt: ZTimestamp.nullable(),
  lastSyncError: z.string().nullable(),
  lastSyncCounts: z.object({ companies: z.number().int(), subscriptions: z.number().int(), products: z.number().int() }).nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'DistributorIntegration' });
export type TIntegration = z.infer<typeof ZIntegration>;

export const ZIntegrationResponse = z.object({ data: ZIntegration.nullable() });
export const ZUpsertIntegrationResponse = z.object({
  data: ZIntegration,
  syncQueued: z.boolean(),
  jobId: z.string().nullable(),
});

export const ZTestIntegration = z.strictObject({
  partnerId,
  clientId: zText(255, 1).optional(),
  clientSecret: zRawText(1000, 1).optional(),
}).refine((v) => (v.clientId === undefined) === (v.clientSecret === undefined), { message: 'clientId and clientSecret are given together', path: ['clientSecret'] });

export const ZTestIntegrationResult = z.object({
  success: z.boolean(),
  data: z.object({ companies: z.number().int() }).optional(),
  error: z.string().optional(),
});

export const ZSyncBody = z.strictObject({ partnerId });
export const ZSyncResult = z.object({ queued: z.boolean(), jobId: z.string(), integrationId: z.string().uuid() });

export const ZCompaniesQuery = z.object({ partnerId });

export const ZCompany = z.object({
  id: z.string().uuid(),
  integrationId: z.string().uuid(),
  distributorCompanyId: z.string(),
  name: z.string(),
  status: z.string().describe('The distributor’s status text'),
  orgId: z.string().uuid().nullable(),
  ignored: z.boolean(),
  mappedAt: ZTimestamp.nullable(),
  present: z.boolean().describe('False once a sync no longer finds the company at the distributor'),
  lastSyncedAt: ZTimestamp,
  statusActive: z.boolean(),
  primaryAdminReady: z.boolean(),
  primaryBillingReady: z.boolean(),
  primaryTechnicalReady: z.boolean(),
  orderReady: z.boolean(),
}).meta({ id: 'DistributorCompany' });
export type TCompany = z.infer<typeof ZCompany>;
export const ZCompanyList = z.object({ data: z.array(ZCompany), integrationId: z.string().uuid().nullable() });

export const ZMapCompany = z
  .strictObject({
    integrationId: z.string().uuid(),
    distributorCompanyId: distributorId,
    orgId: z.string().uuid().nullable().optional().describe('An organization to map to; null unmaps'),
    ignored: z.boolean().optional(),
  })
  .refine((v) => v.orgId !== undefined || v.ignored !== undefined, { message: 'Give orgId (null unmaps) and/or ignored', path: ['orgId'] });

export const ZListSubscriptionsQuery = z.object({
  partnerId,
  integrationId: z.string().uuid().optional(),
  orgId: z.string().uuid().optional().describe('Only subscriptions of companies mapped to this organization'),
  unmappedOnly: queryBool.optional().describe('true: only subscriptions not linked to a contract line'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const ZSubscription = z.object({
  id: z.string().uuid(),
  integrationId: z.string().uuid(),
  distributorSubscriptionId: z.string(),
  distributorCompanyId: z.string(),
  companyName: z.string().nullable(),
  orgId: z.string().uuid().nullable(),
  distributorProductId: z.string().nullable(),
  productName: z.string().nullable(),
  status: z.string(),
  billingTerm: z.string().nullable(),
  billingQuantity: z.string().nullable().describe('The linked manual contract line’s billing quantity; null when not linked or unavailable'),
  quantity: z.string().nullable().describe('Latest quantity reported by the distributor, as a string; null when unknown'),
  quantityKnown: z.boolean().describe('False when no credible quantity evidence exists (unknown is not zero)'),
  contractLineId: z.string().uuid().nullable(),
  syncEnabled: z.boolean(),
  lastObservedQuantity: z.string().nullable(),
  lastObservedAt: ZTimestamp.nullable(),
  activeCommitmentId: z.string().nullable(),
  activeCommitmentAmbiguous: z.boolean(),
  lastSyncedAt: ZTimestamp,
}).meta({ id: 'DistributorSubscription' });
export type TSubscription = z.infer<typeof ZSubscription>;
export const ZSubscriptionList = z.object({ data: z.array(ZSubscription), integrationId: z.string().uuid().nullable() });

export const ZProductParams = z.object({ productId: distributorId });

export const ZProvisionField = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string(),
  valueType: z.enum(['Input', 'Single-Value', 'Multi-Value']),
  possibleValues: z.array(z.string()),
});
export const ZProvisionDetails = z.object({ data: z.array(ZProvisionField) });

export const ZCommitment = z.object({
  id: z.string(),
  term: z.string(),
  allowForQuantityIncrease: z.boolean(),
  allowForQuantityDecrease: z.boolean(),
  allowForEarlyCancellation: z.boolean(),
  cancellationFeeApplied: z.boolean(),
});
export const ZDependencies = z.object({ data: z.object({ commitments: z.array(ZCommitment) }) });

export const ZProduct = z.object({
  distributorProductId: z.string(),
  catalogItemId: z.string().uuid(),
  catalogName: z.string(),
  catalogSku: z.string(),
  catalogDescription: z.string(),
  productName: z.string(),
  vendorSkuId: z.string(),
  billingFrequency: z.string().nullable(),
  commitmentTermMonths: z.number().int().nullable(),
});
export const ZProductList = z.object({ data: z.array(ZProduct), integrationId: z.string().uuid().nullable() });

export const ZLinkSubscription = z.strictObject({
  integrationId: z.string().uuid(),
  distributorSubscriptionId: distributorId,
  contractLineId: z.string().uuid(),
  syncEnabled: z.boolean().optional().describe('Record quantity observations at each sync (never overwrites billing quantity). Default: kept when re-linking the same line, else false'),
});
export const ZUnlinkSubscription = z.strictObject({
  integrationId: z.string().uuid(),
  distributorSubscriptionId: distributorId,
});
export const ZLinkResult = z.object({ data: ZSubscription });
export const ZUnlinkResult = z.object({ data: ZSubscription, unlinked: z.boolean() });

export const ZDriftQuery = z.object({ integrationId: z.string().uuid() });
export const ZDriftRow = z.object({
  contractLineId: z.string().uuid(),
  orgId: z.string().uuid(),
  distributorSubscriptionId: z.string(),
  productName: z.string().nullable(),
  billingQuantity: z.string(),
  distributorQuantity: z.string(),
});
export const ZDrift = z.object({ data: z.array(ZDriftRow) });
