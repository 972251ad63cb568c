// Feed administration (system operators): the feeds, their documents and their refresh. A feed
// with a URL is fetched by the worker (refresh_vulnerability_feeds, hourly, each feed when its
// refreshHours have passed) or at once by POST …/refresh; any feed takes an uploaded document.
import type { z } from 'zod';
import { db } from '@/lib/db';
import { AppError, conflict, notFound } from '@/lib/http/errors';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';
import { badRequest } from '@/lib/http/errors';
import type { VulnerabilityFeed } from '@/lib/generated/prisma/client';
import type { ZCreateFeedBody } from './schemas';
import { loadFeedDocument } from './load-feed-document';
import { FEED_MAX_BYTES, fetchFeedUrl } from './fetch-feed-url';
import { enqueuePackageRecompute } from './enqueue-recompute';
import { spoolFeed, type SpooledFeed } from './feed-source';

export const DEFAULT_REFRESH_HOURS = 24;

export function toFeedDto(f: VulnerabilityFeed) {
  return {
    id: f.id,
    kind: f.kind,
    name: f.name,
    url: f.url,
    refreshHours: f.refreshHours,
    entries: f.entries,
    lastLoadedAt: f.lastLoadedAt?.toISOString() ?? null,
    lastFetchedAt: f.lastFetchedAt?.toISOString() ?? null,
    lastError: f.lastError,
    createdAt: f.createdAt.toISOString(),
  };
}

async function feedOrThrow(id: string) {
  const feed = await db.vulnerabilityFeed.findUnique({ where: { id } });
  if (!feed) throw notFound('Feed');
  return feed;
}

export async function listFeeds() {
  return { data: (await db.vulnerabilityFeed.findMany({ orderBy: { createdAt: 'asc' } })).map(toFeedDto) };
}

export async function createFeed(userId: string | null, body: z.output<typeof ZCreateFeedBody>) {
  if (body.url) {
    // DNS may fail now and work later: only a URL that can never be fetched is refused here.
    const check = await checkWebhookUrl(body.url);
    if (!check.ok && check.kind !== 'unresolvable') throw badRequest(`Feed URL refused: ${check.reason}`, [{ path: 'url', message: check.reason }], 'FEED_URL_UNSAFE');
  }
  try {
    return await db.$transaction(async (tx) => {
      const feed = await tx.vulnerabilityFeed.create({ data: { kind: body.kind, name: body.name, url: body.url ?? null, refreshHours: body.url ? (body.refreshHours ?? DEFAULT_REFRESH_HOURS) : null, createdBy: userId } });
      if (feed.url) await enqueueJob(tx, 'refresh_vulnerability_feed', { feedId: feed.id }, { jobKey: `refresh_vulnerability_feed:${feed.id}` });
      return toFeedDto(feed);
    });
  } catch (e) {
    if ((e as { code?: string }).code === 'P2002') throw conflict('A feed with this name exists', 'FEED_NAME_TAKEN');
    throw e;
  }
}

export async function deleteFeed(id: string) {
  await feedOrThrow(id);
  await db.$transaction(async (tx) => {
    const names = await tx.vulnerabilityAdvisory.findMany({ where: { feedId: id }, distinct: ['packageName'], select: { packageName: true } });
    await tx.vulnerabilityFeed.delete({ where: { id } });
    // Its advisories are gone: the findings they made are resolved by recomputing their packages.
    await enqueuePackageRecompute(tx, names.map((n) => n.packageName));
  });
}

const tooLarge = () => new AppError('FEED_TOO_LARGE', 413, `Feed documents are limited to ${FEED_MAX_BYTES / 1024 / 1024} MiB`);

async function* readerChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stops reading a body cut off at the limit.
    await reader.cancel().catch(() => undefined);
  }
}

/** The raw request body (a JSON document) spooled to a temporary file, cut off at the limit. */
export async function readFeedBody(req: Request): Promise<SpooledFeed> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > FEED_MAX_BYTES) throw tooLarge();
  const spooled = await spoolFeed(req.body ? readerChunks(req.body) : [], FEED_MAX_BYTES, tooLarge);
  if (spooled.bytes === 0) {
    await spooled.dispose();
    throw badRequest('The feed document is empty', [{ path: 'body', message: 'No bytes received' }], 'FEED_INVALID');
  }
  return spooled;
}

export async function uploadFeedDocument(id: string, req: Request) {
  const feed = await feedOrThrow(id);
  const body = await readFeedBody(req);
  try {
    const outcome = await loadFeedDocument(feed, body);
    return { feed: toFeedDto(await feedOrThrow(id)), ...outcome };
  } finally {
    await body.dispose();
  }
}

/** Fetches the feed's URL and loads it (the worker's task, and POST …/refresh). Errors are kept on the feed. */
export async function refreshFeed(id: string) {
  const feed = await feedOrThrow(id);
  if (!feed.url) throw conflict('This feed has no URL: upload its document instead', 'FEED_HAS_NO_URL');
  try {
    const body = await fetchFeedUrl(feed.url);
    const outcome = await loadFeedDocument(feed, body).finally(() => body.dispose());
    await db.vulnerabilityFeed.update({ where: { id }, data: { lastFetchedAt: new Date(), lastError: null } });
    return { feed: toFeedDto(await feedOrThrow(id)), ...outcome };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    await db.vulnerabilityFeed.update({ where: { id }, data: { lastFetchedAt: new Date(), lastError: message.slice(0, 2000) } });
    throw badRequest(`Feed refresh failed: ${message}`, undefined, 'FEED_FETCH_FAILED');
  }
}

/** The feeds whose refresh is due (hourly sweep). */
export async function dueFeedIds(now = new Date()): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    select id from vulnerability_feeds where url is not null
      and (last_fetched_at is null or last_fetched_at + make_interval(hours => coalesce(refresh_hours, ${DEFAULT_REFRESH_HOURS})) <= ${now})`;
  return rows.map((r) => r.id);
}
