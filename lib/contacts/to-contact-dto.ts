import type { Prisma } from '@/lib/generated/prisma/client';
import type { TContact } from '@/lib/contacts/schemas';

export const contactInclude = {
  externalLinks: { select: { externalSystem: true, externalId: true }, orderBy: { createdAt: 'asc' } },
  portalAccount: { select: { status: true, invitedAt: true, activatedAt: true, lastLoginAt: true } },
} satisfies Prisma.ContactInclude;

export type ContactWithRefs = Prisma.ContactGetPayload<{ include: typeof contactInclude }>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toContactDto(c: ContactWithRefs): TContact {
  const account = c.portalAccount;
  return {
    id: c.id,
    partnerId: c.partnerId,
    orgId: c.orgId,
    siteId: c.siteId,
    name: c.name,
    email: c.email,
    phone: c.phone,
    mobile: c.mobile,
    title: c.title,
    roles: c.roles,
    externalLinks: c.externalLinks,
    portal: account ? { status: account.status, invitedAt: iso(account.invitedAt), activatedAt: iso(account.activatedAt), lastLoginAt: iso(account.lastLoginAt) } : null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
