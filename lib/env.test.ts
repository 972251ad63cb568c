// The configuration's documentation and its parser agree: every setting lib/env.ts reads is in
// .env.example and nothing there is unknown to it; and .env.example's own lines, copied into a
// .env as they are, parse to values the schema accepts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_KEYS, logSettings } from '@/lib/env';
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
