// The companies a PSA company import offers: read live from the PSA, those an organization
// already links to filtered out, and bounded three ways so one request stays small and quick:
// a company cap (one batch), a wall-clock budget and a page guard (a PSA whose companies are
// mostly linked already would otherwise be walked to the end). The caller learns whether and
// why the read stopped early, imports that batch, and previews again.
import { db } from '@/lib/db';
import { ZOrgImportRow, type TOrgImportRow } from '@/lib/imports/schemas';
import { adapterFor } from './connection-credentials';
import { psaFailure } from './psa-error';
import type { PsaCompanyRecord, PsaPage } from './psa-adapter';
import type { PSA_IMPORT_TRUNCATION } from './schemas';

export const IMPORT_COMPANY_CAP = 500;
export const IMPORT_TIME_BUDGET_MS = 20_000;
export const IMPORT_PAGE_GUARD = 25;
const PAGE_SIZE = 100;

export interface ImportBounds {
  companyCap: number;
  timeBudgetMs: number;
  pageGuard: number;
  pageSize: number;
}
const DEFAULT_BOUNDS: ImportBounds = { companyCap: IMPORT_COMPANY_CAP, timeBudgetMs: IMPORT_TIME_BUDGET_MS, pageGuard: IMPORT_PAGE_GUARD, pageSize: PAGE_SIZE };

export type Truncation = (typeof PSA_IMPORT_TRUNCATION)[number];

export const psaExternalSystem = (connectionId: string) => `psa:${connectionId}`;

export interface ImportCompanies {
  rows: TOrgImportRow[];
  linkedSkipped: number;
  truncatedReason: Truncation | null;
}

/** A company as an org-import row; a name the row schema refuses keeps only its identity. */
function toRow(company: PsaCompanyRecord, externalSystem: string): TOrgImportRow | null {
  const identity = { organization: company.name, externalId: company.externalId, externalSystem };
  const full = ZOrgImportRow.safeParse({ ...identity, ...(company.address ? { address: company.address } : {}), ...(company.phone ? { contact: { phone: company.phone } } : {}) });
  if (full.success) return full.data;
  const bare = ZOrgImportRow.safeParse(identity);
  return bare.success ? bare.data : null;
}

export async function readImportCompanies(
  connection: { id: string; partnerId: string; provider: string; baseUrl: string; credentialsSealed: string },
  bounds: ImportBounds = DEFAULT_BOUNDS,
): Promise<ImportCompanies> {
  const adapter = adapterFor(connection);
  const externalSystem = psaExternalSystem(connection.id);
  const deadline = Date.now() + bounds.timeBudgetMs;
  const rows: TOrgImportRow[] = [];
  const seen = new Set<string>();
  let linkedSkipped = 0;
  let next: string | null = null;
  for (let page = 1; ; page++) {
    if (page > bounds.pageGuard) return { rows, linkedSkipped, truncatedReason: 'page-guard' };
    if (Date.now() > deadline) return { rows, linkedSkipped, truncatedReason: 'time-budget' };
    const res: PsaPage<PsaCompanyRecord> = await adapter.listCompanies({ page, pageSize: bounds.pageSize, cursor: next }).catch((e: unknown) => {
      throw psaFailure(e);
    });
    next = res.next ?? null;
    const fresh = res.items.filter((c) => !seen.has(c.externalId));
    fresh.forEach((c) => seen.add(c.externalId));
    const linked = new Set(
      (
        await db.organizationExternalLink.findMany({
          where: { partnerId: connection.partnerId, externalSystem, externalId: { in: fresh.map((c) => c.externalId) } },
          select: { externalId: true },
        })
      ).map((l) => l.externalId),
    );
    for (const company of fresh) {
      if (linked.has(company.externalId)) {
        linkedSkipped++;
        continue;
      }
      if (rows.length >= bounds.companyCap) return { rows, linkedSkipped, truncatedReason: 'company-cap' };
      const row = toRow(company, externalSystem);
      if (row) rows.push(row);
    }
    if (!res.hasMore) return { rows, linkedSkipped, truncatedReason: null };
  }
}
