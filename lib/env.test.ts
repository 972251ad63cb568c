// The configuration's documentation and its parser agree: every setting lib/env.ts reads is in
// .env.example and nothing there is unknown to it; and .env.example's own lines, copied into a
// .env as they are, parse to values the schema accepts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_KEYS, env, logSettings, resetEnvCache } from '@/lib/env';
import { parseDotEnv } from '../scripts/lib/dotenv';

const example = readFileSync(path.join(import.meta.dirname, '..', '.env.example'), 'utf8');

/** Keys of `KEY=value` lines, commented out (`# KEY=`) or not. */
function exampleKeys(): string[] {
  return [...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
}

describe('.env.example', () => {
  it('documents exactly the settings lib/env.ts reads', () => {
    expect(new Set(exampleKeys())).toEqual(new Set(ENV_KEYS));
  });

  it('documents each setting once', () => {
    const keys = exampleKeys();
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

describe('.env parsing', () => {
  it('drops trailing comments, quotes and export prefixes', () => {
    const parsed = parseDotEnv(['LOG_LEVEL=info   # fatal|error|warn|info|debug|trace|silent', 'MAIL_FROM="Acme # RMM <a@b.test>"  # sender', 'export PORT=4567', '# HOST=0.0.0.0', 'EMPTY='].join('\n'));
    expect(parsed).toEqual({ LOG_LEVEL: 'info', MAIL_FROM: 'Acme # RMM <a@b.test>', PORT: '4567', EMPTY: '' });
  });

  it('reads every line of .env.example, uncommented, into values the logger accepts', () => {
    const uncommented = example
      .split('\n')
      .filter((line) => /^# [A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => line.slice(2))
      .join('\n');
    const parsed = parseDotEnv(uncommented);
    expect(parsed.LOG_LEVEL).toBe('info');
    const saved = { LOG_LEVEL: process.env.LOG_LEVEL, LOG_BUFFER_BYTES: process.env.LOG_BUFFER_BYTES };
    try {
      Object.assign(process.env, { LOG_LEVEL: parsed.LOG_LEVEL, LOG_BUFFER_BYTES: parsed.LOG_BUFFER_BYTES });
      expect(logSettings()).toEqual({ LOG_LEVEL: 'info', LOG_BUFFER_BYTES: 8192 });
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});

describe('metric history retention settings', () => {
  const required = { DATABASE_URL: 'postgresql://localhost/x', JWT_SECRET: 'j'.repeat(32), ENCRYPTION_KEY: 'e'.repeat(32), PORTAL_SESSION_SECRET: 'p'.repeat(32) };
  const withEnv = (extra: Record<string, string>) => {
    const saved = { ...process.env };
    Object.assign(process.env, required, extra);
    resetEnvCache();
    try {
      return env();
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
      resetEnvCache();
    }
  };

  it('default to 7, 90 and 730 days', () => {
    expect(withEnv({})).toMatchObject({ METRIC_HISTORY_DAYS: 7, METRIC_HOURLY_DAYS: 90, METRIC_DAILY_DAYS: 730 });
  });

  it('refuse a coarser tier kept shorter than the finer one, and non-positive days', () => {
    expect(() => withEnv({ METRIC_HISTORY_DAYS: '30', METRIC_HOURLY_DAYS: '14' })).toThrow(/METRIC_HOURLY_DAYS: must be at least METRIC_HISTORY_DAYS/);
    expect(() => withEnv({ METRIC_HOURLY_DAYS: '800' })).toThrow(/METRIC_DAILY_DAYS: must be at least METRIC_HOURLY_DAYS/);
    expect(() => withEnv({ METRIC_DAILY_DAYS: '0' })).toThrow(/METRIC_DAILY_DAYS/);
    expect(withEnv({ METRIC_HISTORY_DAYS: '14', METRIC_HOURLY_DAYS: '180', METRIC_DAILY_DAYS: '1095' })).toMatchObject({ METRIC_HOURLY_DAYS: 180, METRIC_DAILY_DAYS: 1095 });
  });
});
