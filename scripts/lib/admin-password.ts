// The first admin's generated password, kept in DATA_DIR (mode 600) so a later start can say
// where it is instead of it scrolling away once. Deleting the file is the operator's call, once
// the password has been changed.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = 'initial-admin-password';

export function rememberGeneratedPassword(dataDir: string, password: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, FILE);
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return file;
}

/** The file's path while it exists. */
export function storedPasswordFile(dataDir: string): string | null {
  const file = path.join(dataDir, FILE);
  return existsSync(file) ? file : null;
}
