// Structured JSON logs. Route and job code log through a child carrying the request or job id.
import pino from 'pino';

const globalForLog = globalThis as unknown as { __rmmLogger?: pino.Logger };

export const logger: pino.Logger =
  globalForLog.__rmmLogger ??
  (globalForLog.__rmmLogger = pino({
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
    base: { service: process.env.RMM_PROCESS ?? 'app' },
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'refreshToken', '*.refreshToken', 'authorization'],
      censor: '[redacted]',
    },
  }));
