import type { DbOrTx } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { externalKeyOf, linkKey, type OrgImportState } from '@/lib/imports/plan-org-import';
import type { TOrgImportRow } from '@/lib/imports/schemas';

/**
 * Everything planning needs, in three queries whatever the batch size: the partner's cap, every
 * organization of the partner (live and soft-deleted: names to match, slugs to avoid) and the
 * external links of the systems the batch names. With `lock`, the partner row is locked for the
 * transaction, which serializes imports and single creates of the partner (they lock it FOR
 * UPDATE). NO KEY UPDATE still lets other writes that merely reference the partner (devices,
 * tickets: FOR KEY SHARE) proceed meanwhile.
 */
export async function loadOrgImportState(client: DbOrTx, partnerId: string, rows: TOrgImportRow[], opts: { lock: boolean }): Promise<OrgImportState> {
  const partners = opts.lock
    ? await client.$queryRaw<{ max_organizations: number | null }[]>`
        select max_organizations from partners where id = ${partnerId}::uuid and deleted_at is null for no key update`
    : await client.$queryRaw<{ max_organizations: number | null }[]>`
        select max_organizations from partners where id = ${partnerId}::uuid and deleted_at is null`;
  if (partners.length === 0) throw notFound('Partner');

  const systems = [...new Set(rows.map((r) => externalKeyOf(r)?.system).filter((s): s is string => !!s))];
  // Sequential: inside a transaction both would queue on its one connection anyway.
  const orgs = await client.organization.findMany({ where: { partnerId }, select: { id: true, name: true, slug: true, timezone: true, deletedAt: true } });
  const links =
    systems.length === 0
      ? []
      : await client.organizationExternalLink.findMany({
          where: { partnerId, externalSystem: { in: systems }, externalId: { in: [...new Set(rows.map((r) => r.externalId).filter((id): id is string => !!id))] } },
          select: { orgId: true, externalSystem: true, externalId: true },
        });
  return {
    orgs,
    linkByKey: new Map(links.map((l) => [linkKey(l.externalSystem, l.externalId), l.orgId])),
    maxOrganizations: partners[0].max_organizations,
  };
}
