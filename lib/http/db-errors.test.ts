import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, translateDbError } from '@/lib/http/db-errors';

// The shapes node-postgres and Prisma's pg adapter were seen to produce when the server restarts
// or cannot be reached (see tests/integration/worker-database-restarts.test.ts for the live run).
const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code, severity: 'FATAL' });
const socketError = (code: string, syscall = 'connect') => Object.assign(new Error(`${syscall} ${code}`), { code, syscall, errno: -1 });
const prismaKnown = (code: string, driverAdapterError?: unknown) => Object.assign(new Error('prisma'), { code, meta: driverAdapterError ? { driverAdapterError } : undefined });
const adapterError = (cause: unknown) => Object.assign(new Error('DriverAdapterError'), { name: 'DriverAdapterError', cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['admin shutdown', pgError('57P01')],
    ['crash shutdown', pgError('57P02')],
    ['cannot connect now', pgError('57P03')],
    ['connection failure', pgError('08006')],
    ['protocol violation class 08', pgError('08P01')],
    ['too many connections', pgError('53300')],
    ['refused', socketError('ECONNREFUSED')],
    ['reset while reading', socketError('ECONNRESET', 'read')],
    ['timed out', socketError('ETIMEDOUT')],
    ['terminated', new Error('Connection terminated unexpectedly')],
    ['not queryable', new Error('Client has encountered a connection error and is not queryable')],
    ['Prisma cannot reach', prismaKnown('P1001')],
    ['Prisma server closed', prismaKnown('P1017')],
    ['Prisma raw query, 57P01 inside', prismaKnown('P2010', adapterError({ kind: 'postgres', code: '57P01', originalCode: '57P01' }))],
    ['Prisma raw query, not reachable', prismaKnown('P2010', adapterError({ kind: 'DatabaseNotReachable' }))],
    ['initialization error', Object.assign(new Error('init'), { errorCode: 'P1001' })],
    ['as a cause', new Error('wrapped', { cause: pgError('57P01') })],
    ['in an AggregateError', new AggregateError([new Error('other'), socketError('ECONNREFUSED')], 'shutdown')],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(translateDbError(error)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
  });

  it.each([
    ['a client hanging up (no syscall)', Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
    ['a syntax error', pgError('42601')],
    ['a unique clash', prismaKnown('P2002')],
    ['a raw query failing on bad input', prismaKnown('P2010', adapterError({ kind: 'postgres', code: '22P05' }))],
    ['nothing', undefined],
    ['a string', 'boom'],
  ])('not for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('keeps the client-error mappings', () => {
    expect(translateDbError(prismaKnown('P2002'))).toMatchObject({ status: 409 });
    expect(translateDbError(prismaKnown('P2025'))).toMatchObject({ status: 404 });
    expect(translateDbError(pgError('42601'))).toBeNull();
  });
});
