import { AppError } from '@/lib/http/errors';

/** Maps database errors a client can cause (unique clashes, missing rows) to client errors, and
 * a database that cannot be reached to 503. */
export function translateDbError(error: unknown): AppError | null {
  const code = (error as { code?: unknown })?.code;
  if (code === 'P2002') return new AppError('CONFLICT', 409, 'A record with these values already exists');
  if (code === 'P2025') return new AppError('NOT_FOUND', 404, 'Resource not found');
  if (code === 'P2003') return new AppError('VALIDATION_ERROR', 400, 'A referenced record does not exist');
  // Transaction could not start or finish in time (pool exhausted, lock queue): transient.
  if (code === 'P2028' || code === 'P2034') return new AppError('SERVICE_UNAVAILABLE', 503, 'The service is busy; retry shortly', [], { 'Retry-After': '2' });
  if (isDatabaseUnavailable(error)) return new AppError('SERVICE_UNAVAILABLE', 503, 'The service is temporarily unavailable; retry shortly', [], { 'Retry-After': '5' });
  return null;
}

// SQLSTATEs of a server going away or not (yet) accepting work: admin shutdown, crash shutdown,
// cannot connect now (starting up, shutting down, in recovery), too many connections, and the
// whole connection-exception class 08.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
// Socket failures; only with a `syscall`, which a client hanging up on the HTTP request
// (Node's `aborted`, also ECONNRESET) does not carry.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// Prisma's codes for the same: cannot reach, timed out, socket timeout, server closed the
// connection, too many connections.
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2037']);
// The Prisma adapter's error kinds for a lost server.
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
// node-postgres says these without a code.
const PG_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/**
 * True when an error means the database is unreachable or went away (a restart, a failover, a
 * network cut) rather than that a statement was wrong: the raw node-postgres errors, Prisma's
 * wrapped forms (its P1xxx codes, and a raw query's P2010 carrying the adapter's error), and
 * errors whose `cause` (or, for an AggregateError, any of whose `errors`) is one of those.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; syscall?: unknown; message?: unknown; kind?: unknown; originalCode?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown }; errorCode?: unknown };
  const code = typeof e.code === 'string' ? e.code : typeof e.originalCode === 'string' ? e.originalCode : undefined;
  if (code && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (code && SOCKET_CODES.has(code) && typeof e.syscall === 'string') return true;
  if (code && PRISMA_CODES.has(code)) return true;
  if (typeof e.errorCode === 'string' && PRISMA_CODES.has(e.errorCode)) return true; // PrismaClientInitializationError
  if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.message === 'string' && !code && PG_MESSAGES.includes(e.message)) return true;
  // graphile-worker reports several failures of one shutdown as an AggregateError.
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.meta?.driverAdapterError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1);
}
