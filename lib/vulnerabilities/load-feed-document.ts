// Loads a feed document (uploaded, or fetched by the worker) into the advisory tables. The same
// document twice changes nothing (digest). An OSV document is diffed against the feed's rows by
// content hash: only inserted, changed and removed rows are written, and only their package
// names are queued for recomputation. A KEV catalog replaces the feed's entries; findings read
// known-exploited status at query time, so nothing is recomputed for it.
// An OSV upload is a JSON document (one record, an array, `{ vulns }`) or a zip archive of them
// (osv.dev's per-ecosystem all.zip).
// The document is read as a stream (json-items.ts): records are parsed one at a time and written
// in batches inside one transaction, so memory holds a batch and one key per row, not the
// document. A document found malformed part-way rolls the transaction back.
import { db, type Tx } from '@/lib/db';
import { badRequest } from '@/lib/http/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import { advisoryKey, advisoryRowsOf, mergeAdvisoryRows, recordsOf, type AdvisoryRow } from './osv';
import { kevRowOf, type KevRow } from './kev';
import { enqueuePackageRecompute } from './enqueue-recompute';
import { JsonSyntaxError, jsonItems, type JsonEnd } from './json-items';
import { textSource, type FeedSource } from './feed-source';
import { ZipError, isZipFile, zipEntries } from './zip-entries';
import { FEED_MAX_BYTES } from './fetch-feed-url';

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
const notJson = () => badRequest('The feed document is not JSON', undefined, 'FEED_INVALID');
const notKev = () => badRequest('Not a KEV catalog: expected an object with a `vulnerabilities` array', undefined, 'FEED_INVALID');
const noOsv = () => badRequest('No OSV record in the document', undefined, 'FEED_INVALID');

/**
 * Each record of the document in turn: the elements of its top-level array or of its
 * `arrayKey` array, or (`single`) a top-level object that has no such array, as one record.
 */
async function forEachRecord(source: FeedSource, arrayKey: string, opts: { single: boolean; topArray: boolean; zip?: boolean }, each: (raw: unknown) => Promise<void> | void): Promise<{ records: number; end: JsonEnd }> {
  let records = 0;
  if (opts.zip && source.file && (await isZipFile(source.file))) {
    // An archive of JSON files (osv.dev's all.zip): each file is a document of its own.
    try {
      for await (const entry of zipEntries(source.file, FEED_MAX_BYTES)) {
        if (!entry.name.toLowerCase().endsWith('.json')) continue;
        let doc: unknown;
        try {
          doc = JSON.parse(entry.data.toString('utf8'));
        } catch {
          throw badRequest(`The archive's ${entry.name} is not JSON`, undefined, 'FEED_INVALID');
        }
        for (const raw of recordsOf(doc)) {
          records++;
          await each(raw);
        }
      }
    } catch (e) {
      if (e instanceof ZipError) throw badRequest(`The zip archive cannot be read: ${e.message}`, undefined, 'FEED_INVALID');
      throw e;
    }
    return { records, end: { kind: 'end', rest: null, streamed: null } };
  }
  try {
    for await (const e of jsonItems(source.chunks(), [arrayKey])) {
      if (e.kind === 'end') {
        if (e.streamed === undefined && opts.single) {
          records++;
          await each(e.rest);
        }
        return { records, end: e };
      }
      if (e.from === null && !opts.topArray) throw notKev();
      records++;
      await each(e.value);
    }
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw notJson();
    throw e;
  }
  throw notJson();
}

export async function loadFeedDocument(feed: { id: string; kind: 'osv' | 'kev'; digest: string | null }, input: FeedSource | string): Promise<LoadOutcome> {
  const source = typeof input === 'string' ? textSource(input) : input;
  return feed.kind === 'kev' ? loadKev(feed, source) : loadOsv(feed, source);
}

async function loadKev(feed: { id: string; digest: string | null }, source: FeedSource): Promise<LoadOutcome> {
  const none = { inserted: 0, updated: 0, removed: 0, packagesQueued: 0 };
  // The catalog is small (a row per CVE): rows are kept by CVE, a later entry replacing an earlier one.
  const rows = new Map<string, KevRow>();
  let invalid = 0;
  const { records, end } = await forEachRecord(source, 'vulnerabilities', { single: false, topArray: false }, (raw) => {
    const row = kevRowOf(raw);
    if (row) rows.set(row.cveId, row);
    else invalid++;
  });
  if (end.streamed !== 'vulnerabilities') throw notKev();
  if (source.digest === feed.digest) return { changed: false, records, invalid, entries: rows.size, ...none };
  const list = [...rows.values()];
  await db.$transaction(
    async (tx) => {
      await tx.knownExploitedVulnerability.deleteMany({ where: { feedId: feed.id } });
      // A CVE listed by two KEV feeds is kept once (the first loaded).
      for (let i = 0; i < list.length; i += CHUNK) await tx.knownExploitedVulnerability.createMany({ data: list.slice(i, i + CHUNK).map((r) => ({ ...r, feedId: feed.id })), skipDuplicates: true });
      await tx.vulnerabilityFeed.update({ where: { id: feed.id }, data: { digest: source.digest, entries: list.length, lastLoadedAt: new Date(), lastError: null } });
    },
    { timeout: 120_000 },
  );
  return { changed: true, records, invalid, entries: list.length, ...none, inserted: list.length };
}

interface Existing {
  id: string;
  contentHash: string;
  packageName: string;
}

async function loadOsv(feed: { id: string; digest: string | null }, source: FeedSource): Promise<LoadOutcome> {
  const none = { inserted: 0, updated: 0, removed: 0, packagesQueued: 0 };
  if (source.digest === feed.digest) {
    // Unchanged: only the counts are read (nothing is written).
    const keys = new Set<string>();
    let invalid = 0;
    const { records } = await forEachRecord(source, 'vulns', { single: true, topArray: true, zip: true }, (raw) => {
      const rows = advisoryRowsOf(raw);
      if (!rows) invalid++;
      else for (const r of rows) keys.add(advisoryKey(r));
    });
    if (records > 0 && invalid === records) throw noOsv();
    return { changed: false, records, invalid, entries: keys.size, ...none };
  }
  const existing = new Map<string, Existing>();
  for (const e of await db.vulnerabilityAdvisory.findMany({ where: { feedId: feed.id }, select: { id: true, advisoryId: true, cveId: true, ecosystem: true, packageName: true, contentHash: true } })) {
    existing.set(advisoryKey(e), { id: e.id, contentHash: e.contentHash, packageName: e.packageName });
  }
  // Every key of the document with its content hash (of its rows merged, when it repeats).
  const seen = new Map<string, string>();
  const touched = new Set<string>();
  let inserted = 0;
  let updated = 0;
  let invalid = 0;
  let records = 0;
  const data = (r: AdvisoryRow) => ({ ...r, ranges: r.ranges as Prisma.InputJsonValue, feedId: feed.id });
  const entryKey = (r: AdvisoryRow) => ({ feedId_advisoryId_cveId_ecosystem_packageName: { feedId: feed.id, advisoryId: r.advisoryId, cveId: r.cveId, ecosystem: r.ecosystem, packageName: r.packageName } });

  const apply = async (tx: Tx) => {
    // Rows waiting for the next batch, by key: new ones (inserted together) and changed ones.
    let pending = new Map<string, { row: AdvisoryRow; stored: boolean }>();
    const flush = async () => {
      const batch = [...pending.values()];
      pending = new Map();
      await insertRows(tx, feed.id, batch.filter((p) => !p.stored).map((p) => p.row));
      for (const p of batch) if (p.stored) await tx.vulnerabilityAdvisory.update({ where: entryKey(p.row), data: data(p.row) });
    };
    const add = async (row: AdvisoryRow) => {
      const k = advisoryKey(row);
      const prevHash = seen.get(k);
      const held = pending.get(k);
      const old = existing.get(k);
      let next = row;
      // The key came in an earlier record too: both range groups are kept, as within one record.
      if (prevHash !== undefined) next = mergeAdvisoryRows(held?.row ?? (await storedRow(tx, entryKey(row))), row);
      seen.set(k, next.contentHash);
      if (old && prevHash === undefined && old.contentHash === next.contentHash) return;
      // In the database already: a row of the feed before, or one of this load's earlier batches.
      const stored = held ? held.stored : old !== undefined || prevHash !== undefined;
      pending.set(k, { row: next, stored });
      if (pending.size >= CHUNK) await flush();
    };
    const { records: n } = await forEachRecord(source, 'vulns', { single: true, topArray: true, zip: true }, async (raw) => {
      const rows = advisoryRowsOf(raw);
      if (!rows) {
        invalid++;
        return;
      }
      for (const r of rows) await add(r);
    });
    records = n;
    if (records > 0 && invalid === records) throw noOsv();
    await flush();
    const removed = [...existing.entries()].filter(([k]) => !seen.has(k));
    for (let i = 0; i < removed.length; i += CHUNK) await tx.vulnerabilityAdvisory.deleteMany({ where: { id: { in: removed.slice(i, i + CHUNK).map(([, e]) => e.id) } } });
    for (const [, e] of removed) touched.add(e.packageName);
    for (const [k, hash] of seen) {
      const old = existing.get(k);
      if (!old) inserted++;
      else if (old.contentHash !== hash) updated++;
      else continue;
      touched.add(k.split('\u0000')[3]);
    }
    await tx.vulnerabilityFeed.update({ where: { id: feed.id }, data: { digest: source.digest, entries: seen.size, lastLoadedAt: new Date(), lastError: null } });
    await enqueuePackageRecompute(tx, [...touched]);
    return removed.length;
  };

  const removed = await db.$transaction(apply, { timeout: 300_000 });
  return { changed: true, records, invalid, entries: seen.size, inserted, updated, removed, packagesQueued: touched.size };
}

/**
 * New advisory rows in one statement, a column array each: the query builder's createMany of
 * 2,000 rows cost a few hundred megabytes of short-lived objects per batch.
 */
async function insertRows(tx: Tx, feedId: string, rows: AdvisoryRow[]) {
  if (!rows.length) return;
  const col = <K extends keyof AdvisoryRow>(k: K) => rows.map((r) => r[k]);
  await tx.$executeRaw`
    insert into vulnerability_advisories (id, feed_id, advisory_id, cve_id, ecosystem, package_name, ranges, versions, severity, cvss_score, summary, content_hash, published_at, modified_at)
    select gen_random_uuid(), ${feedId}::uuid, t.advisory_id, t.cve_id, t.ecosystem, t.package_name, t.ranges::jsonb,
      array(select jsonb_array_elements_text(t.versions::jsonb)), t.severity::"VulnerabilitySeverity", t.cvss_score, t.summary, t.content_hash, t.published_at, t.modified_at
    from unnest(${col('advisoryId')}::text[], ${col('cveId')}::text[], ${col('ecosystem')}::text[], ${col('packageName')}::text[], ${rows.map((r) => JSON.stringify(r.ranges))}::text[],
      ${rows.map((r) => JSON.stringify(r.versions))}::text[], ${col('severity')}::text[], ${col('cvssScore')}::float8[], ${col('summary')}::text[], ${col('contentHash')}::text[],
      ${col('publishedAt')}::timestamptz[], ${col('modifiedAt')}::timestamptz[])
      as t(advisory_id, cve_id, ecosystem, package_name, ranges, versions, severity, cvss_score, summary, content_hash, published_at, modified_at)`;
}

/** A row this load already wrote, read back to merge a repeated key into it. */
async function storedRow(tx: Tx, where: Prisma.VulnerabilityAdvisoryWhereUniqueInput): Promise<AdvisoryRow> {
  const r = await tx.vulnerabilityAdvisory.findUniqueOrThrow({ where });
  return { advisoryId: r.advisoryId, cveId: r.cveId, ecosystem: r.ecosystem, packageName: r.packageName, ranges: r.ranges as AdvisoryRow['ranges'], versions: r.versions, severity: r.severity, cvssScore: r.cvssScore, summary: r.summary, publishedAt: r.publishedAt, modifiedAt: r.modifiedAt, contentHash: r.contentHash };
}
