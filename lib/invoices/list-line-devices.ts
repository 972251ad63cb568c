// GET /invoices/:id/lines/:lineId/devices: the per-device evidence of one generated line,
// cursor-paginated in the order the devices were counted.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { cursorResult, decodeCursor, encodeCursor } from '@/lib/http/pagination';
import { getInvoiceOrThrow } from '@/lib/invoices/get-invoice-or-throw';
import { findInvoiceLine } from '@/lib/invoices/invoice-lines';
import type { ZLineDevicesQuery } from '@/lib/invoices/schemas';

const ZCursor = z.object({ p: z.number().int().min(0) });

export async function listLineDevices(ctx: ScopedContext, invoiceId: string, lineId: string, query: z.output<typeof ZLineDevicesQuery>) {
  const line = findInvoiceLine(await getInvoiceOrThrow(ctx, invoiceId), lineId);
  if (!line.evidenceRecorded) return { recorded: false, ...cursorResult([], query.limit, null) };
  const after = query.cursor ? decodeCursor(query.cursor, ZCursor).p : -1;
  const rows = await db.invoiceLineDevice.findMany({ where: { invoiceLineId: line.id, position: { gt: after } }, orderBy: { position: 'asc' }, take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const next = rows.length > query.limit ? encodeCursor({ p: page[page.length - 1].position }) : null;
  return { recorded: true, ...cursorResult(page.map((r) => ({ deviceId: r.deviceId, hostname: r.hostname, role: r.role, countedAs: r.countedAs })), query.limit, next) };
}
