// The sync job: companies, contacts and tickets of one connection, each incremental from its
// own cursor (the newest PSA modification time already stored). A cursor moves only after its
// entity's walk completed, so a failure or a page-guard stop resumes from the same point next
// time; upserts by (connection, external id) make the overlap harmless.
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/http/errors';
import { adapterFor } from './connection-credentials';
import { PsaError } from './psa-error';
import type { PsaAdapter, PsaCompanyRecord, PsaContactRecord, PsaPage, PsaPageRequest, PsaTicketRecord } from './psa-adapter';

const PAGE_SIZE = 100;
/** A sync reads at most this many pages per entity (100,000 records). */
const MAX_PAGES = 1000;

type Entity = 'companies' | 'contacts' | 'tickets';
type Cursor = Partial<Record<Entity, string>>;

interface Walk<T> {
  list: (adapter: PsaAdapter, req: PsaPageRequest) => Promise<PsaPage<T>>;
  store: (connection: { id: string; partnerId: string }, items: T[]) => Promise<void>;
}

const storeCompanies = async (c: { id: string; partnerId: string }, items: PsaCompanyRecord[]) => {
  await db.$transaction(
    items.map(({ externalId, updatedAt, ...fields }) => {
      const data = { ...fields, remoteUpdatedAt: updatedAt, syncedAt: new Date() };
      return db.psaCompany.upsert({ where: { connectionId_externalId: { connectionId: c.id, externalId } }, create: { connectionId: c.id, partnerId: c.partnerId, externalId, ...data }, update: data });
    }),
  );
};
const storeContacts = async (c: { id: string; partnerId: string }, items: PsaContactRecord[]) => {
  await db.$transaction(
    items.map(({ externalId, updatedAt, ...fields }) => {
      const data = { ...fields, remoteUpdatedAt: updatedAt, syncedAt: new Date() };
      return db.psaContact.upsert({ where: { connectionId_externalId: { connectionId: c.id, externalId } }, create: { connectionId: c.id, partnerId: c.partnerId, externalId, ...data }, update: data });
    }),
  );
};
const storeTickets = async (c: { id: string; partnerId: string }, items: PsaTicketRecord[]) => {
  await db.$transaction(
    items.map(({ externalId, updatedAt, createdAt, ...fields }) => {
      const data = { ...fields, remoteCreatedAt: createdAt, remoteUpdatedAt: updatedAt, syncedAt: new Date() };
      return db.psaTicket.upsert({ where: { connectionId_externalId: { connectionId: c.id, externalId } }, create: { connectionId: c.id, partnerId: c.partnerId, externalId, ...data }, update: data });
    }),
  );
};

const COMPANIES: Walk<PsaCompanyRecord> = { list: (a, r) => a.listCompanies(r), store: storeCompanies };
const CONTACTS: Walk<PsaContactRecord> = { list: (a, r) => a.listContacts(r), store: storeContacts };
const TICKETS: Walk<PsaTicketRecord> = { list: (a, r) => a.listTickets(r), store: storeTickets };

async function walk<T extends { updatedAt: Date | null }>(adapter: PsaAdapter, connection: { id: string; partnerId: string }, w: Walk<T>, since: Date | null, startedAt: Date) {
  let count = 0;
  let newest: Date | null = null;
  let next: string | null = null;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res: PsaPage<T> = await w.list(adapter, { page, pageSize: PAGE_SIZE, modifiedSince: since, cursor: next });
    next = res.next ?? null;
    if (res.items.length) await w.store(connection, res.items);
    count += res.items.length;
    for (const item of res.items) if (item.updatedAt && (!newest || item.updatedAt > newest)) newest = item.updatedAt;
    if (!res.hasMore) {
      // Records without a modification time (lists the PSA cannot filter) date the walk itself.
      return { count, cursor: newest ?? (count > 0 ? startedAt : since), complete: true };
    }
  }
  return { count, cursor: since, complete: false };
}

export async function runPsaSync(connectionId: string): Promise<void> {
  const row = await db.psaConnection.findUnique({ where: { id: connectionId } });
  if (!row) return; // deleted since it was queued
  const startedAt = new Date();
  await db.psaConnection.update({ where: { id: row.id }, data: { syncStatus: 'running', lastSyncStartedAt: startedAt } });
  const cursor: Cursor = { ...((row.syncCursor ?? {}) as Cursor) };
  const counts = { companies: 0, contacts: 0, tickets: 0 };
  let error: string | null = null;
  try {
    const adapter = adapterFor(row);
    for (const entity of ['companies', 'contacts', 'tickets'] as const) {
      const since = cursor[entity] ? new Date(cursor[entity]!) : null;
      const out =
        entity === 'companies'
          ? await walk(adapter, row, COMPANIES, since, startedAt)
          : entity === 'contacts'
            ? await walk(adapter, row, CONTACTS, since, startedAt)
            : await walk(adapter, row, TICKETS, since, startedAt);
      counts[entity] = out.count;
      if (!out.complete) error = `Stopped after ${MAX_PAGES} pages of ${entity}; the next sync continues`;
      if (out.cursor) cursor[entity] = out.cursor.toISOString();
      await db.psaConnection.update({ where: { id: row.id }, data: { syncCursor: cursor as Prisma.InputJsonValue } });
    }
  } catch (e) {
    if (!(e instanceof PsaError || e instanceof AppError)) throw e;
    error = e.message;
  }
  await db.psaConnection.updateMany({
    where: { id: row.id },
    data: error
      ? { syncStatus: 'failed', lastSyncError: error.slice(0, 1000) }
      : { syncStatus: 'succeeded', lastSyncAt: new Date(), lastSyncError: null, lastSyncCounts: counts },
  });
}
