// The CISA Known Exploited Vulnerabilities catalog (known_exploited_vulnerabilities.json):
// `{ catalogVersion, dateReleased, count, vulnerabilities: [{ cveID, vendorProject, product,
// vulnerabilityName, dateAdded, dueDate, knownRansomwareCampaignUse, … }] }`.
import { z } from 'zod';

const ZEntry = z
  .object({
    cveID: z.string().regex(/^CVE-\d{4}-\d{4,}$/),
    vendorProject: z.string().optional(),
    product: z.string().optional(),
    vulnerabilityName: z.string().optional(),
    dateAdded: z.string().optional(),
    dueDate: z.string().optional(),
    knownRansomwareCampaignUse: z.string().optional(),
  })
  .passthrough();

export const ZKevCatalog = z.object({ vulnerabilities: z.array(z.unknown()) }).passthrough();

export interface KevRow {
  cveId: string;
  vendorProject: string | null;
  product: string | null;
  name: string | null;
  dateAdded: Date | null;
  dueDate: Date | null;
  knownRansomware: boolean;
}

const day = (s?: string) => (s && /^\d{4}-\d{2}-\d{2}/.test(s) ? new Date(`${s.slice(0, 10)}T00:00:00Z`) : null);
// The catalog has stray spaces (vendorProject "SimpleHelp ").
const cut = (s: string | undefined, n: number) => (s?.trim() ? s.trim().slice(0, n) : null);

/** One catalog entry as a row, or null when it is malformed. */
export function kevRowOf(raw: unknown): KevRow | null {
  const e = ZEntry.safeParse(raw);
  if (!e.success) return null;
  const v = e.data;
  return {
    cveId: v.cveID,
    vendorProject: cut(v.vendorProject, 255),
    product: cut(v.product, 255),
    name: cut(v.vulnerabilityName, 500),
    dateAdded: day(v.dateAdded),
    dueDate: day(v.dueDate),
    knownRansomware: v.knownRansomwareCampaignUse === 'Known',
  };
}

export function parseKev(doc: unknown): { rows: KevRow[]; records: number; invalid: number } | null {
  const catalog = ZKevCatalog.safeParse(doc);
  if (!catalog.success) return null;
  const rows = new Map<string, KevRow>();
  let invalid = 0;
  for (const raw of catalog.data.vulnerabilities) {
    const row = kevRowOf(raw);
    if (row) rows.set(row.cveId, row);
    else invalid++;
  }
  return { rows: [...rows.values()], records: catalog.data.vulnerabilities.length, invalid };
}
