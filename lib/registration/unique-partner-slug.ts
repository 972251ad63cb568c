import type { DbOrTx } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { slugify } from '@/lib/tenancy/slugify';

export const MAX_SLUG_SUFFIX = 100;

/**
 * Doc 1 rule 3: the company name slugified (cut to 50), then base-1 … base-100 on collision; the
 * 500 after that is the spec's. Soft-deleted partners keep their slug, so they count as taken.
 */
export async function uniquePartnerSlug(client: DbOrTx, companyName: string): Promise<string> {
  const base = slugify(companyName, 50);
  const candidates = [base, ...Array.from({ length: MAX_SLUG_SUFFIX }, (_, i) => `${base}-${i + 1}`)];
  const taken = new Set((await client.partner.findMany({ where: { slug: { in: candidates } }, select: { slug: true } })).map((p) => p.slug));
  const free = candidates.find((c) => !taken.has(c));
  if (!free) throw new AppError('SLUG_UNAVAILABLE', 500, 'Unable to generate unique company identifier');
  return free;
}
