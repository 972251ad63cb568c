// Loads .env without overriding variables already set. Parsed by Node's own dotenv parser
// (util.parseEnv): quoted values, `export` prefixes and trailing `# comments` as in .env.example.
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

export function parseDotEnv(content: string): Record<string, string> {
  return parseEnv(content) as Record<string, string>;
}

export function loadDotEnv(file: string): void {
  if (!existsSync(file)) return;
  for (const [key, value] of Object.entries(parseDotEnv(readFileSync(file, 'utf8')))) {
    if (process.env[key] === undefined) process.env[key] = value;
  }
}
