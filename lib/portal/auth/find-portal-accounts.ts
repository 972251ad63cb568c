import { db } from '@/lib/db';
import type { LoginPortal } from '@/lib/portal/auth/resolve-login-portal';

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
 * Portal accounts signing in with this address: in the named portal (a partner's, or one
 * organization's), or anywhere when none was named (null). A portal that does not exist has none.
 */
export async function findPortalAccounts(email: string, portal: LoginPortal | null | undefined) {
  if (portal === undefined) return [];
  return db.portalAccount.findMany({ where: { email, ...(portal ? { partnerId: portal.partnerId, ...(portal.orgId ? { orgId: portal.orgId } : {}) } : {}) }, include: accountInclude, take: 5 });
}

export type FoundPortalAccount = Awaited<ReturnType<typeof findPortalAccounts>>[number];

/** Whether the account may be used at all (its contact, organization and partner still exist, and the contact keeps the portal role). */
export function accountUsable(a: FoundPortalAccount): boolean {
  const c = a.contact;
  return !c.deletedAt && c.roles.includes('portal') && !c.organization.deletedAt && !c.organization.partner.deletedAt && c.orgId === a.orgId && a.status !== 'disabled';
}
