// Structured JSON logs. Route and job code log through a child carrying the request or job id.
//
// Lines are buffered and written to stdout in blocks (up to LOG_BUFFER_BYTES, and at least every
// LOG_FLUSH_MS), not one write(2) per line: the service logs a line per request, and at a fleet's
// heartbeat rate a write per line, each waking whatever reads the pipe, was a measurable share of
// the web process's CPU (see README "Scaling"). The buffer is flushed synchronously when the
// process exits (pino registers that for its own destinations); a process killed with SIGKILL
// loses at most the last LOG_FLUSH_MS of lines. LOG_BUFFER_BYTES=0 writes every line at once.
import pino from 'pino';
import { logSettings } from '@/lib/env';

const globalForLog = globalThis as unknown as { __rmmLogger?: pino.Logger };
const LOG_FLUSH_MS = 200;

function destination(bufferBytes: number): pino.DestinationStream {
  const bytes = Math.min(bufferBytes, 16_000); // sonic-boom writes at most 16 KiB at once
  if (bytes <= 0) return pino.destination({ dest: 1, sync: true });
  const dest = pino.destination({ dest: 1, sync: false, minLength: bytes });
  const timer = setInterval(() => {
    try {
      dest.flush();
    } catch {
      clearInterval(timer); // closed while the process exits
    }
  }, LOG_FLUSH_MS).unref();
  dest.on('close', () => clearInterval(timer));
  return dest;
}

function createLogger(): pino.Logger {
  const settings = logSettings();
  return pino(
    {
      level: settings.LOG_LEVEL,
      base: { service: process.env.RMM_PROCESS ?? 'app' },
      redact: {
        paths: ['password', '*.password', 'token', '*.token', 'refreshToken', '*.refreshToken', 'authorization'],
        censor: '[redacted]',
      },
    },
    destination(settings.LOG_BUFFER_BYTES),
  );
}

export const logger: pino.Logger = globalForLog.__rmmLogger ?? (globalForLog.__rmmLogger = createLogger());
