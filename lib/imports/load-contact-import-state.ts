import type { DbOrTx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { orgWhere } from '@/lib/tenancy/scope';
import { contactLinkKey, orgsByName, resolveRowOrg, type ContactImportState } from '@/lib/imports/plan-contact-import';
import { DEFAULT_EXTERNAL_SYSTEM, type TContactImportRow } from '@/lib/imports/schemas';

/**
 * Everything planning needs, in four queries whatever the batch size: the live organizations of
 * the partner the caller reaches (another partner's organization is simply absent, hence
 * `org-not-found`), then for the organizations the rows resolve to: their sites, their live
 * contacts with links and portal status, and the links naming the rows' external ids.
 */
export async function loadContactImportState(client: DbOrTx, ctx: ActorContext, partnerId: string, rows: TContactImportRow[]): Promise<ContactImportState> {
  const orgs = await client.organization.findMany({ where: { AND: [orgWhere(ctx), { partnerId }] }, select: { id: true, partnerId: true, name: true } });
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const byName = orgsByName(orgs);
  const orgIds = new Set<string>();
  const siteOrgIds = new Set<string>();
  for (const row of rows) {
    const org = resolveRowOrg(row, byId, byName);
    if (typeof org === 'string') continue;
    orgIds.add(org.id);
    if (row.site) siteOrgIds.add(org.id);
  }
  const ids = [...orgIds];
  const externalIds = [...new Set(rows.map((r) => r.externalId).filter((id): id is string => !!id))];
  const systems = [...new Set(rows.filter((r) => r.externalId).map((r) => r.externalSystem ?? DEFAULT_EXTERNAL_SYSTEM))];
  // Sequential: inside a transaction the queries would queue on its one connection anyway.
  const sites = siteOrgIds.size === 0 ? [] : await client.site.findMany({ where: { orgId: { in: [...siteOrgIds] }, deletedAt: null }, select: { id: true, orgId: true, name: true } });
  const contacts =
    ids.length === 0
      ? []
      : await client.contact.findMany({
          where: { orgId: { in: ids }, deletedAt: null },
          select: {
            id: true, orgId: true, siteId: true, name: true, email: true, phone: true, mobile: true, title: true, roles: true,
            externalLinks: { select: { externalSystem: true, externalId: true } },
            portalAccount: { select: { status: true } },
          },
        });
  const links =
    ids.length === 0 || externalIds.length === 0
      ? []
      : await client.contactExternalLink.findMany({
          where: { orgId: { in: ids }, externalSystem: { in: systems }, externalId: { in: externalIds } },
          select: { orgId: true, externalSystem: true, externalId: true, contactId: true, contact: { select: { deletedAt: true } } },
        });
  return {
    orgs,
    sites,
    contacts: contacts.map(({ externalLinks, portalAccount, ...c }) => ({ ...c, links: externalLinks, portalStatus: portalAccount?.status ?? null })),
    links: new Map(links.map((l) => [contactLinkKey(l.orgId, l.externalSystem, l.externalId), { contactId: l.contactId, live: l.contact.deletedAt === null }])),
  };
}
