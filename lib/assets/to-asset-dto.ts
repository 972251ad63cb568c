import type { Prisma } from '@/lib/generated/prisma/client';

const contactRef = { select: { id: true, name: true, email: true } } as const;

/** Every asset read includes its open checkout (at most one) with the borrower. */
export const assetInclude = {
  checkouts: { where: { checkedInAt: null }, include: { contact: contactRef }, take: 1 },
} satisfies Prisma.OrgAssetInclude;

export type AssetWithCheckout = Prisma.OrgAssetGetPayload<{ include: typeof assetInclude }>;
export type CheckoutWithContact = Prisma.AssetCheckoutGetPayload<{ include: { contact: typeof contactRef } }>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toCheckoutDto(c: CheckoutWithContact) {
  return {
    id: c.id,
    contact: c.contact,
    checkedOutAt: c.checkedOutAt.toISOString(),
    dueBackAt: iso(c.dueBackAt),
    note: c.note,
    checkedInAt: iso(c.checkedInAt),
    checkedInBy: c.checkedInByType && c.checkedInById ? { type: c.checkedInByType as 'contact' | 'user', id: c.checkedInById } : null,
  };
}

export function toAssetDto(a: AssetWithCheckout) {
  return {
    id: a.id,
    partnerId: a.partnerId,
    orgId: a.orgId,
    siteId: a.siteId,
    deviceId: a.deviceId,
    kind: a.kind,
    name: a.name,
    assetTag: a.assetTag,
    serialNumber: a.serialNumber,
    manufacturer: a.manufacturer,
    model: a.model,
    description: a.description,
    checkoutable: a.checkoutable,
    checkout: a.checkouts[0] ? toCheckoutDto(a.checkouts[0]) : null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
