// JWT_SECRET, ENCRYPTION_KEY and PORTAL_SESSION_SECRET for a self-contained install: generated once into
// DATA_DIR/secrets.json when not configured, so restarts keep sessions and encrypted data readable.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const KEYS = ['JWT_SECRET', 'ENCRYPTION_KEY', 'PORTAL_SESSION_SECRET'] as const;

export function ensureLocalSecrets(dataDir: string): void {
  const file = path.join(dataDir, 'secrets.json');
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  let changed = false;
  for (const key of KEYS) {
    if (process.env[key]) continue;
    if (!stored[key]) {
      stored[key] = randomBytes(48).toString('base64url');
      changed = true;
    }
    process.env[key] = stored[key];
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
}
