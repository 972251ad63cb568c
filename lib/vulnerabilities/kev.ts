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

export function parseKev(doc: unknown): { rows: KevRow[]; records: number; invalid: number } | null {
  const catalog = ZKevCatalog.safeParse(doc);
  if (!catalog.success) return null;
  const rows = new Map<string, KevRow>();
  let invalid = 0;
  for (const raw of catalog.data.vulnerabilities) {
    const e = ZEntry.safeParse(raw);
    if (!e.success) {
      invalid++;
      continue;
    }
    const v = e.data;
    rows.set(v.cveID, {
      cveId: v.cveID,
      vendorProject: cut(v.vendorProject, 255),
      product: cut(v.product, 255),
      name: cut(v.vulnerabilityName, 500),
      dateAdded: day(v.dateAdded),
      dueDate: day(v.dueDate),
      knownRansomware: v.knownRansomwareCampaignUse === 'Known',
    });
  }
  return { rows: [...rows.values()], records: catalog.data.vulnerabilities.length, invalid };
}
