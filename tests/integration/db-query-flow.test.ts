// Queries sent at once on one connection (a transaction's: Prisma reads an include's relations
// concurrently) run one after another through lib/db.ts, so pg never queues them itself: that
// queue is deprecated ("client.query() when the client is already executing a query") and an
// error from pg 9 on.
//
// pg says so once per process (util.deprecate), and each test file runs in a process of its
// own; the first test here is the one to catch a regression, the others check the results.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, dbPool } from '@/lib/db';
import { makeOrg, makePartner, makeSite } from '../helpers/factories';

const QUEUE_DEPRECATION = /already executing a query/;
const warnings: string[] = [];
const onWarning = (warning: Error) => {
  if (QUEUE_DEPRECATION.test(warning.message)) warnings.push(warning.message);
};
// process.emitWarning reports on the next tick: let it land before asserting.
const warningsSoFar = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  return warnings;
};

let partnerId: string;
beforeAll(async () => {
  process.on('warning', onWarning);
  const partner = await makePartner();
  partnerId = partner.id;
  for (let i = 0; i < 3; i++) await makeSite(await makeOrg(partner.id));
});
afterAll(() => {
  process.off('warning', onWarning);
});

describe('queries on one connection', () => {
  it('a transaction whose reads overlap (relations of an include, Promise.all over tx) makes pg queue nothing', async () => {
    const [partner, orgs, sites, count, [one]] = await db.$transaction(async (tx) =>
      Promise.all([
        // Prisma reads each included relation with a query of its own, all at once.
        tx.partner.findUnique({ where: { id: partnerId }, include: { organizations: { include: { sites: true, members: true, devices: true } }, sites: true, roles: true, members: true } }),
        tx.organization.findMany({ where: { partnerId }, include: { sites: true, partner: true } }),
        tx.site.findMany({ where: { partnerId } }),
        tx.organization.count({ where: { partnerId } }),
        tx.$queryRaw<{ n: number }[]>`select 1::int as n`,
      ]),
    );
    expect(partner?.organizations).toHaveLength(3);
    expect(partner?.organizations.every((o) => o.sites.length >= 1)).toBe(true);
    expect(orgs).toHaveLength(3);
    expect(sites.length).toBeGreaterThanOrEqual(3);
    expect(count).toBe(3);
    expect(one.n).toBe(1);
    expect(await warningsSoFar()).toEqual([]);
  });

  it('a checked-out connection answers concurrent queries in order; a failing one fails alone', async () => {
    const client = await dbPool().connect();
    try {
      const results = await Promise.allSettled([
        client.query<{ n: number }>('select $1::int as n', [1]),
        client.query<{ n: number }>('select $1::int as n', [2]),
        client.query('select 1 / 0'),
        client.query<{ n: number }>('select $1::int as n', [4]),
      ]);
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value.rows[0].n : 'rejected'))).toEqual([1, 2, 'rejected', 4]);
      expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/division by zero/);
    } finally {
      client.release();
    }
    expect(await warningsSoFar()).toEqual([]);
  });
});
