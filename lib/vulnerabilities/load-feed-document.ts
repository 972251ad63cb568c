// Loads a feed document (uploaded, or fetched by the worker) into the advisory tables. The same
// document twice changes nothing (digest). An OSV document is diffed against the feed's rows by
// content hash: only inserted, changed and removed rows are written, and only their package
// names are queued for recomputation. A KEV catalog replaces the feed's entries; findings read
// known-exploited status at query time, so nothing is recomputed for it.
import { createHash } from 'node:crypto';
import { db } from '@/lib/db';
import { badRequest } from '@/lib/http/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import { parseOsv } from './osv';
import { parseKev } from './kev';
import { enqueuePackageRecompute } from './enqueue-recompute';

export interface LoadOutcome {
  changed: boolean;
  records: number;
  invalid: number;
  entries: number;
  inserted: number;
  updated: number;
  removed: number;
  packagesQueued: number;
}

const CHUNK = 2000;

export async function loadFeedDocument(feed: { id: string; kind: 'osv' | 'kev'; digest: string | null }, text: string): Promise<LoadOutcome> {
  const digest = createHash('sha256').update(text).digest('hex');
  const none = { inserted: 0, updated: 0, removed: 0, packagesQueued: 0 };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw badRequest('The feed document is not JSON', undefined, 'FEED_INVALID');
  }
  if (feed.kind === 'kev') {
    const kev = parseKev(doc);
    if (!kev) throw badRequest('Not a KEV catalog: expected an object with a `vulnerabilities` array', undefined, 'FEED_INVALID');
    if (digest === feed.digest) return { changed: false, records: kev.records, invalid: kev.invalid, entries: kev.rows.length, ...none };
    await db.$transaction(async (tx) => {
      await tx.knownExploitedVulnerability.deleteMany({ where: { feedId: feed.id } });
      // A CVE listed by two KEV feeds is kept once (the first loaded).
      for (let i = 0; i < kev.rows.length; i += CHUNK) await tx.knownExploitedVulnerability.createMany({ data: kev.rows.slice(i, i + CHUNK).map((r) => ({ ...r, feedId: feed.id })), skipDuplicates: true });
      await tx.vulnerabilityFeed.update({ where: { id: feed.id }, data: { digest, entries: kev.rows.length, lastLoadedAt: new Date(), lastError: null } });
    }, { timeout: 120_000 });
    return { changed: true, records: kev.records, invalid: kev.invalid, entries: kev.rows.length, ...none, inserted: kev.rows.length };
  }
  const osv = parseOsv(doc);
  if (osv.records > 0 && osv.invalid === osv.records) throw badRequest('No OSV record in the document', undefined, 'FEED_INVALID');
  if (digest === feed.digest) return { changed: false, records: osv.records, invalid: osv.invalid, entries: osv.rows.length, ...none };
  const key = (r: { advisoryId: string; cveId: string; ecosystem: string; packageName: string }) => `${r.advisoryId}\u0000${r.cveId}\u0000${r.ecosystem}\u0000${r.packageName}`;
  const existing = await db.vulnerabilityAdvisory.findMany({ where: { feedId: feed.id }, select: { id: true, advisoryId: true, cveId: true, ecosystem: true, packageName: true, contentHash: true } });
  const byKey = new Map(existing.map((e) => [key(e), e]));
  const incoming = new Set(osv.rows.map(key));
  const inserts = osv.rows.filter((r) => !byKey.has(key(r)));
  const updates = osv.rows.filter((r) => byKey.has(key(r)) && byKey.get(key(r))!.contentHash !== r.contentHash);
  const removed = existing.filter((e) => !incoming.has(key(e)));
  const touched = [...inserts, ...updates, ...removed].map((r) => r.packageName);
  const data = (r: (typeof osv.rows)[number]) => ({ ...r, ranges: r.ranges as Prisma.InputJsonValue, feedId: feed.id });
  let packagesQueued = 0;
  await db.$transaction(async (tx) => {
    for (let i = 0; i < removed.length; i += CHUNK) await tx.vulnerabilityAdvisory.deleteMany({ where: { id: { in: removed.slice(i, i + CHUNK).map((r) => r.id) } } });
    for (let i = 0; i < inserts.length; i += CHUNK) await tx.vulnerabilityAdvisory.createMany({ data: inserts.slice(i, i + CHUNK).map(data) });
    for (const r of updates) await tx.vulnerabilityAdvisory.update({ where: { id: byKey.get(key(r))!.id }, data: data(r) });
    await tx.vulnerabilityFeed.update({ where: { id: feed.id }, data: { digest, entries: osv.rows.length, lastLoadedAt: new Date(), lastError: null } });
    packagesQueued = new Set(touched).size;
    await enqueuePackageRecompute(tx, touched);
  }, { timeout: 300_000 });
  return { changed: true, records: osv.records, invalid: osv.invalid, entries: osv.rows.length, inserted: inserts.length, updated: updates.length, removed: removed.length, packagesQueued };
}
