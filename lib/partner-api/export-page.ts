// One page of a partner-API export: `limit` (≤ 500) rows after the signed `cursor`, with
// `nextCursor` and `hasMore`. A cursor names its export, so one export's cursor is refused
// (400 INVALID_CURSOR) by another.
import { z } from 'zod';
import type { ServicePrincipalContext } from '@/lib/auth/context';
import { decodeCursor, encodeCursor } from '@/lib/http/pagination';
import { badRequest } from '@/lib/http/errors';
import { exportScopeOf, type ExportSource } from '@/lib/partner-api/export-sources';
import type { ZExportQuery } from '@/lib/partner-api/schemas';

const ZCursor = z.object({ e: z.string(), k: z.string().regex(/^[0-9a-f-]{36}(:[0-9a-f-]{36})?$/) });

export async function exportPage<Row>(ctx: ServicePrincipalContext, source: ExportSource<Row>, query: z.output<typeof ZExportQuery>) {
  let after: string | null = null;
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, ZCursor);
    if (cursor.e !== source.name) throw badRequest('This cursor belongs to another export', [], 'INVALID_CURSOR');
    after = cursor.k;
  }
  const scope = exportScopeOf(ctx);
  if (source.fetchJson) {
    // Fast path: the page arrives as JSON text and is passed through unparsed.
    const page = await source.fetchJson(scope, after, query.limit);
    const nextCursor = page.hasMore && page.lastKey ? encodeCursor({ e: source.name, k: page.lastKey }) : null;
    return new Response(`{"data":${page.json},"nextCursor":${JSON.stringify(nextCursor)},"hasMore":${nextCursor !== null}}`, {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  }
  // One extra row tells whether another page exists without a count.
  const rows = await source.fetch(scope, after, query.limit + 1);
  const hasMore = rows.length > query.limit;
  const data = hasMore ? rows.slice(0, query.limit) : rows;
  return { data, nextCursor: hasMore ? encodeCursor({ e: source.name, k: source.keyOf(data[data.length - 1]) }) : null, hasMore };
}
