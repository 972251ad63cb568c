import { db } from '@/lib/db';

const accountInclude = {
  contact: {
    select: {
      id: true,
      name: true,
      orgId: true,
      roles: true,
      deletedAt: true,
      organization: { select: { id: true, name: true, deletedAt: true, partner: { select: { id: true, status: true, deletedAt: true } } } },
    },
  },
} as const;

/**
 * Portal accounts signing in with this address: in the named partner's portal, or anywhere
 * when no portal was named (`partnerId` null). A portal that does not exist has none.
 */
export async function findPortalAccounts(email: string, partnerId: string | null | undefined) {
  if (partnerId === undefined) return [];
  return db.portalAccount.findMany({ where: { email, ...(partnerId ? { partnerId } : {}) }, include: accountInclude, take: 5 });
}

export type FoundPortalAccount = Awaited<ReturnType<typeof findPortalAccounts>>[number];

/** Whether the account may be used at all (its contact, organization and partner still exist, and the contact keeps the portal role). */
export function accountUsable(a: FoundPortalAccount): boolean {
  const c = a.contact;
  return !c.deletedAt && c.roles.includes('portal') && !c.organization.deletedAt && !c.organization.partner.deletedAt && c.orgId === a.orgId && a.status !== 'disabled';
}
