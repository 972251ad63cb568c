// A refusal of a WebSocket upgrade or of a proxied request, in the error envelope, written on
// the raw socket before any upgrade (browsers cannot read it, API clients and tests can).
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError } from '@/lib/http/errors';

export function refuseUpgrade(socket: Duplex, error: unknown): void {
  const e = error instanceof AppError ? error : new AppError('INTERNAL_ERROR', 500, 'Could not open the connection');
  const body = JSON.stringify({ error: { code: e.code, message: e.message, details: e.details ?? [] } });
  socket.end(`HTTP/1.1 ${e.status} ${STATUS_CODES[e.status] ?? 'Error'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}
