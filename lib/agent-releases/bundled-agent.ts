// The reference agent built into agent/dist by `npm run build` (scripts/build-agent.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';

export const AGENT_BUNDLE_DIR = path.join(process.cwd(), 'agent', 'dist');
export const AGENT_BUNDLE_FILE = 'rmm-agent.cjs';

export interface BundledAgent {
  version: string;
  sha256: string;
  content: Buffer;
}

/** The built bundle and its version, or null when the agent has not been built. */
export function readBundledAgent(dir = AGENT_BUNDLE_DIR): BundledAgent | null {
  const manifestPath = path.join(dir, 'manifest.json');
  const filePath = path.join(dir, AGENT_BUNDLE_FILE);
  if (!existsSync(manifestPath) || !existsSync(filePath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version?: unknown };
  if (typeof manifest.version !== 'string') return null;
  const content = readFileSync(filePath);
  return { version: manifest.version, sha256: createHash('sha256').update(content).digest('hex'), content };
}

export const AGENT_BINARIES_DIR = path.join(AGENT_BUNDLE_DIR, 'bin');

export interface AgentBinary {
  os: string;
  arch: string;
  fileName: string;
  filePath: string;
  sha256: string;
  size: number;
}

/**
 * The single-executable binaries built by `npm run build:agent-binaries` from this very bundle
 * (agent/dist/bin/manifest.json), or [] when they have not been built from it.
 */
export function readAgentBinaries(bundle: { version: string; sha256: string }, dir = AGENT_BINARIES_DIR): AgentBinary[] {
  const { version } = bundle;
  const manifestPath = path.join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version?: unknown; bundleSha256?: unknown; binaries?: { os: string; arch: string; file: string; sha256: string; size: number }[] };
  if (manifest.version !== version || manifest.bundleSha256 !== bundle.sha256 || !Array.isArray(manifest.binaries)) return [];
  // turbopackIgnore: a path built from the manifest's file names is not for `next build` to
  // trace (it would trace the whole project into every route that reaches this module).
  return manifest.binaries
    .filter((b) => existsSync(path.join(/*turbopackIgnore: true*/ dir, b.file)))
    .map((b) => ({ os: b.os, arch: b.arch, fileName: b.file.replace(/^rmm-agent-/, `rmm-agent-${version}-`), filePath: path.join(/*turbopackIgnore: true*/ dir, b.file), sha256: b.sha256, size: b.size }));
}
