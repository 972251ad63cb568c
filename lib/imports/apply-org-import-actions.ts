// The writes of an organization import, set-based: whatever the number of groups, a handful of
// statements (one INSERT … FROM unnest(…) each for organizations, links, sites and audit
// entries; one UPDATE … FROM unnest(…) each for organization and site patches).
import { randomUUID } from 'node:crypto';
import type { Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { AuditEntry } from '@/lib/audit/write-audit';
import { writeAuditEntries } from '@/lib/imports/write-audit-entries';
import { bulkInsert, col } from '@/lib/imports/bulk-insert';
import type { OrgGroupAction } from '@/lib/imports/decide-org-commit';
import type { TOrgImportResult, TOrgImportRow } from '@/lib/imports/schemas';

type Outcome = Omit<TOrgImportResult, 'errors'>;
interface SitePatch {
  timezone: string | null;
  address: string | null;
  contact: string | null;
}

const siteKey = (orgId: string, name: string) => `${orgId}\u0000${name.trim().toLowerCase()}`;
const contactJson = (row: TOrgImportRow) => (row.contact ? JSON.stringify(row.contact) : null);

export async function applyOrgImportActions(
  tx: Tx,
  ctx: ActorContext,
  partnerId: string,
  rows: TOrgImportRow[],
  actions: OrgGroupAction[],
  mode: 'skip' | 'update',
): Promise<Outcome> {
  const out: Outcome = { imported: [], updated: [], skipped: [] };
  const newOrgs: { id: string; partnerId: string; name: string; slug: string; timezone: string | null }[] = [];
  const newSites: { id: string; partnerId: string; orgId: string; name: string; timezone: string | null; address: string | null; contact: string | null }[] = [];
  const newLinks: { partnerId: string; orgId: string; externalSystem: string; externalId: string }[] = [];
  const movedLinks: { externalSystem: string; externalId: string }[] = [];
  const reactivated: string[] = [];
  const orgPatches = new Map<string, { name: string | null; timezone: string | null }>();
  const sitePatches = new Map<string, SitePatch>();
  const audit: AuditEntry[] = [];

  // Live sites of matched organizations, for update mode's "patch the site, or add it".
  const attached = mode === 'update' ? actions.filter((a) => a.kind === 'attach').map((a) => a.group.match!.id) : [];
  const sites = new Map<string, { id: string; name: string }>();
  if (attached.length > 0) {
    for (const s of await tx.site.findMany({ where: { orgId: { in: attached }, deletedAt: null }, select: { id: true, orgId: true, name: true }, orderBy: { createdAt: 'asc' } })) {
      if (!sites.has(siteKey(s.orgId, s.name))) sites.set(siteKey(s.orgId, s.name), s);
    }
  }
  const addSite = (orgId: string, name: string, row: TOrgImportRow, orgTimezone: string | null) => {
    const site = { id: randomUUID(), name };
    newSites.push({ id: site.id, partnerId, orgId, name, timezone: row.timezone ?? orgTimezone, address: row.address ?? null, contact: contactJson(row) });
    sites.set(siteKey(orgId, name), site);
    audit.push({ action: 'site.create', targetType: 'site', targetId: site.id, partnerId, orgId, details: { name, source: 'import' } });
    return site;
  };

  for (const action of actions) {
    const { group } = action;
    const first = rows[action.rows[0]];
    const link = { partnerId, externalSystem: group.externalSystem!, externalId: group.externalId! };
    if (action.kind === 'create') {
      const orgId = randomUUID();
      const timezone = action.rows.map((i) => rows[i].timezone).find((tz) => tz) ?? null;
      newOrgs.push({ id: orgId, partnerId, name: first.organization, slug: group.slug!, timezone });
      audit.push({ action: 'organization.create', targetType: 'organization', targetId: orgId, partnerId, orgId, details: { name: first.organization, slug: group.slug, source: 'import' } });
      if (action.moveLink) movedLinks.push(link);
      if (action.link) newLinks.push({ ...link, orgId });
      const named = action.rows.filter((i) => rows[i].site);
      // A group naming no site gets one default site named after the organization.
      const fallback = named.length === 0 ? addSite(orgId, first.organization, first, timezone) : null;
      action.rows.forEach((i, n) => {
        const row = rows[i];
        const site = row.site ? (sites.get(siteKey(orgId, row.site)) ?? addSite(orgId, row.site, row, timezone)) : fallback;
        out.imported.push({ index: i, organization: row.organization, organizationId: orgId, slug: group.slug!, siteId: site?.id ?? null, siteName: site?.name ?? null, createdOrganization: n === 0 });
      });
      continue;
    }

    const org = group.match!;
    if (action.reactivate) {
      reactivated.push(org.id);
      audit.push({ action: 'organization.reactivate', targetType: 'organization', targetId: org.id, partnerId, orgId: org.id, details: { source: 'import' } });
    }
    if (action.link) newLinks.push({ ...link, orgId: org.id });
    if (mode === 'skip') {
      action.rows.forEach((i, n) => {
        const entry = { index: i, organization: rows[i].organization, organizationId: org.id, linked: n === 0 && action.link };
        if (action.reactivate) out.updated.push({ ...entry, siteId: null, siteName: null, createdSite: false, reactivated: true });
        else out.skipped.push({ ...entry, reason: group.matchedBy === 'link' ? 'already-linked' : 'name-match-confirmed' });
      });
      continue;
    }

    // update: only what the rows carry. The name when it differs, the organization's time zone
    // from a row naming no site, a named site's fields (or the site, when it does not exist).
    const orgTimezone = action.rows.map((i) => rows[i]).find((r) => !r.site && r.timezone)?.timezone ?? null;
    if (first.organization !== org.name || orgTimezone) {
      orgPatches.set(org.id, { name: first.organization !== org.name ? first.organization : null, timezone: orgTimezone });
      audit.push({ action: 'organization.update', targetType: 'organization', targetId: org.id, partnerId, orgId: org.id, details: { source: 'import' } });
    }
    action.rows.forEach((i, n) => {
      const row = rows[i];
      let site: { id: string; name: string } | null = null;
      let createdSite = false;
      if (row.site) {
        const existing = sites.get(siteKey(org.id, row.site));
        createdSite = !existing;
        site = existing ?? addSite(org.id, row.site, row, orgTimezone ?? org.timezone);
        if (existing && (row.timezone || row.address || row.contact)) {
          const prior = sitePatches.get(existing.id);
          sitePatches.set(existing.id, {
            timezone: row.timezone ?? prior?.timezone ?? null,
            address: row.address ?? prior?.address ?? null,
            contact: row.contact ? JSON.stringify(row.contact) : (prior?.contact ?? null),
          });
        }
      }
      out.updated.push({ index: i, organization: row.organization, organizationId: org.id, siteId: site?.id ?? null, siteName: site?.name ?? null, createdSite, reactivated: action.reactivate, linked: n === 0 && action.link });
    });
  }

  if (movedLinks.length > 0) await tx.organizationExternalLink.deleteMany({ where: { partnerId, OR: movedLinks.map(({ externalSystem, externalId }) => ({ externalSystem, externalId })) } });
  if (reactivated.length > 0) await tx.organization.updateMany({ where: { id: { in: reactivated } }, data: { deletedAt: null } });
  await bulkInsert(tx, 'organizations', [col('id', 'uuid', newOrgs, (o) => o.id), col('partner_id', 'uuid', newOrgs, (o) => o.partnerId), col('name', 'text', newOrgs, (o) => o.name), col('slug', 'text', newOrgs, (o) => o.slug), col('timezone', 'text', newOrgs, (o) => o.timezone)], { updated_at: 'now()' });
  await bulkInsert(tx, 'organization_external_links', [
    col('id', 'uuid', newLinks, () => randomUUID()),
    col('partner_id', 'uuid', newLinks, (l) => l.partnerId),
    col('org_id', 'uuid', newLinks, (l) => l.orgId),
    col('external_system', 'text', newLinks, (l) => l.externalSystem),
    col('external_id', 'text', newLinks, (l) => l.externalId),
  ]);
  await bulkInsert(
    tx,
    'sites',
    [
      col('id', 'uuid', newSites, (s) => s.id),
      col('partner_id', 'uuid', newSites, (s) => s.partnerId),
      col('org_id', 'uuid', newSites, (s) => s.orgId),
      col('name', 'text', newSites, (s) => s.name),
      col('timezone', 'text', newSites, (s) => s.timezone),
      col('address', 'text', newSites, (s) => s.address),
      col('contact', 'text', newSites, (s) => s.contact, 'jsonb'),
    ],
    { updated_at: 'now()' },
  );
  if (orgPatches.size > 0) {
    const ids = [...orgPatches.keys()];
    await tx.$executeRaw`
      update organizations o set name = coalesce(v.name, o.name), timezone = coalesce(v.timezone, o.timezone), updated_at = now()
      from unnest(${ids}::uuid[], ${ids.map((id) => orgPatches.get(id)!.name)}::text[], ${ids.map((id) => orgPatches.get(id)!.timezone)}::text[]) as v(id, name, timezone)
      where o.id = v.id`;
  }
  if (sitePatches.size > 0) {
    const ids = [...sitePatches.keys()];
    const col = <K extends keyof SitePatch>(k: K) => ids.map((id) => sitePatches.get(id)![k]);
    await tx.$executeRaw`
      update sites s set timezone = coalesce(v.timezone, s.timezone), address = coalesce(v.address, s.address), contact = coalesce(v.contact::jsonb, s.contact), updated_at = now()
      from unnest(${ids}::uuid[], ${col('timezone')}::text[], ${col('address')}::text[], ${col('contact')}::text[]) as v(id, timezone, address, contact)
      where s.id = v.id`;
  }
  await writeAuditEntries(ctx, audit, tx);
  return out;
}
