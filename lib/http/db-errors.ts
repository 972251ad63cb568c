import { AppError } from '@/lib/http/errors';

/** Maps database errors a client can cause (unique clashes, missing rows) to client errors. */
export function translateDbError(error: unknown): AppError | null {
  const code = (error as { code?: unknown })?.code;
  if (code === 'P2002') return new AppError('CONFLICT', 409, 'A record with these values already exists');
  if (code === 'P2025') return new AppError('NOT_FOUND', 404, 'Resource not found');
  if (code === 'P2003') return new AppError('VALIDATION_ERROR', 400, 'A referenced record does not exist');
  // Transaction could not start or finish in time (pool exhausted, lock queue): transient.
  if (code === 'P2028' || code === 'P2034') return new AppError('SERVICE_UNAVAILABLE', 503, 'The service is busy; retry shortly', [], { 'Retry-After': '2' });
  return null;
}
