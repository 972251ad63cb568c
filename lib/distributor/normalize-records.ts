// Turns the distributor's wire records into the client's normalised records. Lenient on shape
// (a marketplace API grows fields), strict on what the service relies on; contact personal data
// is reduced to three readiness booleans here and goes no further.
import { z } from 'zod';
import type { DistributorCompanyRecord, DistributorOrderRecord, DistributorProductRecord, DistributorProvisionField, DistributorCommitmentRule, DistributorSubscriptionRecord } from './distributor-client';

const ZId = z.union([z.string().min(1).max(100), z.number().int()]).transform(String);
const ZText = z.string().max(255).nullish().transform((v) => v ?? null);

const ZContact = z.object({ types: z.array(z.object({ type: z.string(), primary: z.boolean().nullish() })).nullish() }).passthrough();
const ZCompany = z.object({ id: ZId, name: z.string().max(255), status: z.string().max(50), contacts: z.array(ZContact).nullish() });

export function hasPrimaryContact(contacts: z.infer<typeof ZContact>[] | null | undefined, type: string): boolean {
  return (contacts ?? []).some((c) => (c.types ?? []).some((t) => t.primary === true && t.type.toLowerCase() === type.toLowerCase()));
}

export function toCompanyRecord(raw: unknown): DistributorCompanyRecord {
  const c = ZCompany.parse(raw);
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    primaryAdminReady: hasPrimaryContact(c.contacts, 'Admin'),
    primaryBillingReady: hasPrimaryContact(c.contacts, 'Billing'),
    primaryTechnicalReady: hasPrimaryContact(c.contacts, 'Technical'),
  };
}

/** A quantity is credible only as a finite, non-negative number (or numeric string). */
export function credibleQuantity(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0 || n >= 1e10) return null;
  return String(Math.round(n * 100) / 100);
}

const ZCommitment = z.object({ id: ZId, term: ZText, startDate: ZText, endDate: ZText });
const ZSubscription = z.object({
  id: ZId,
  companyId: ZId,
  productId: ZId.nullish(),
  productName: ZText,
  status: z.string().max(50),
  billingTerm: z.string().max(20).nullish(),
  quantity: z.unknown().optional(),
  commitments: z.array(ZCommitment).nullish(),
});

export function toSubscriptionRecord(raw: unknown): DistributorSubscriptionRecord {
  const s = ZSubscription.parse(raw);
  return {
    id: s.id,
    companyId: s.companyId,
    productId: s.productId ?? null,
    productName: s.productName,
    status: s.status,
    billingTerm: s.billingTerm ?? null,
    quantity: credibleQuantity(s.quantity),
    commitments: s.commitments ?? null,
  };
}

const ZProduct = z.object({
  id: ZId,
  name: z.string().max(255),
  vendorName: ZText,
  vendorSkuId: z.string().max(100).nullish(),
  billingFrequency: z.string().max(20).nullish(),
  commitmentTermMonths: z.number().int().min(0).max(1200).nullish(),
  active: z.boolean().nullish(),
});

export function toProductRecord(raw: unknown): DistributorProductRecord {
  const p = ZProduct.parse(raw);
  return {
    id: p.id,
    name: p.name,
    vendorName: p.vendorName,
    vendorSkuId: p.vendorSkuId ?? null,
    billingFrequency: p.billingFrequency ?? null,
    commitmentTermMonths: p.commitmentTermMonths ?? null,
    active: p.active ?? true,
  };
}

export const ZProvisionField = z.object({
  key: z.string().min(1).max(200),
  label: z.string().max(500).nullish().transform((v) => v ?? ''),
  description: z.string().max(2000).nullish().transform((v) => v ?? ''),
  valueType: z.enum(['Input', 'Single-Value', 'Multi-Value']),
  possibleValues: z.array(z.string()).nullish().transform((v) => v ?? []),
});

export const toProvisionField = (raw: unknown): DistributorProvisionField => ZProvisionField.parse(raw);

const ZRule = z.object({
  id: ZId,
  term: z.string().max(50),
  allowForQuantityIncrease: z.boolean(),
  allowForQuantityDecrease: z.boolean(),
  allowForEarlyCancellation: z.boolean(),
  cancellationFeeApplied: z.boolean(),
});

export const toCommitmentRule = (raw: unknown): DistributorCommitmentRule => ZRule.parse(raw);

const ZOrder = z.object({
  id: ZId,
  companyId: ZId,
  reference: ZText,
  lineItems: z.array(z.object({ productId: ZId, quantity: z.unknown().optional(), subscriptionId: ZId.nullish() })).nullish(),
});

export function toOrderRecord(raw: unknown): DistributorOrderRecord {
  const o = ZOrder.parse(raw);
  return {
    id: o.id,
    companyId: o.companyId,
    reference: o.reference,
    lineItems: (o.lineItems ?? []).map((l) => ({ productId: l.productId, quantity: credibleQuantity(l.quantity) ?? '0', subscriptionId: l.subscriptionId ?? null })),
  };
}
