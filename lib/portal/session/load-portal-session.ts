// Resolves a sealed portal cookie to its live session, account, contact, organization and
// partner in one query. Every reason a session stops working (signed out, expired, password
// changed, portal role removed, contact or organization deleted, access revoked) reads as null.
import { db, type DbOrTx } from '@/lib/db';
import { unsealPortalSession } from '@/lib/portal/session/portal-cookies';

const sessionInclude = {
  account: {
    include: {
      contact: {
        include: {
          organization: { select: { id: true, name: true, deletedAt: true, partner: { select: { id: true, name: true, slug: true, status: true, deletedAt: true } } } },
          site: { select: { id: true, name: true, deletedAt: true } },
        },
      },
    },
  },
} as const;

export interface LoadedPortalSession {
  sessionId: string;
  csrfHash: string;
  expiresAt: Date;
  contact: { id: string; name: string | null; email: string; phone: string | null; mobile: string | null; title: string | null; siteId: string | null };
  organization: { id: string; name: string };
  site: { id: string; name: string } | null;
  partner: { id: string; name: string; slug: string; status: string };
}

export async function loadPortalSessionById(sessionId: string, client: DbOrTx = db): Promise<LoadedPortalSession | null> {
  const session = await client.portalSession.findUnique({ where: { id: sessionId }, include: sessionInclude });
  if (!session || session.revokedAt || session.expiresAt <= new Date()) return null;
  const { account } = session;
  const { contact } = account;
  const org = contact.organization;
  if (account.status !== 'active' || !account.passwordHash) return null;
  if (contact.deletedAt || !contact.roles.includes('portal') || contact.email !== account.email) return null;
  if (contact.orgId !== session.orgId || org.deletedAt || org.partner.deletedAt) return null;
  return {
    sessionId: session.id,
    csrfHash: session.csrfHash,
    expiresAt: session.expiresAt,
    contact: { id: contact.id, name: contact.name, email: account.email, phone: contact.phone, mobile: contact.mobile, title: contact.title, siteId: contact.siteId },
    organization: { id: org.id, name: org.name },
    site: contact.site && !contact.site.deletedAt ? { id: contact.site.id, name: contact.site.name } : null,
    partner: { id: org.partner.id, name: org.partner.name, slug: org.partner.slug, status: org.partner.status },
  };
}

export async function loadPortalSession(sealed: string | null | undefined): Promise<LoadedPortalSession | null> {
  const sessionId = await unsealPortalSession(sealed);
  return sessionId ? loadPortalSessionById(sessionId) : null;
}
