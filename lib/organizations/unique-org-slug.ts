import type { DbOrTx } from '@/lib/db';
import { slugify } from '@/lib/tenancy/slugify';

/** A slug for a new organization, unique within its partner: base, base-1, base-2, … */
export async function uniqueOrgSlug(client: DbOrTx, partnerId: string, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (await client.organization.findMany({ where: { partnerId, slug: { startsWith: base } }, select: { slug: true } })).map((o) => o.slug),
  );
  if (!taken.has(base)) return base;
  for (let i = 1; ; i++) {
    const candidate = `${base}-${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}
