// agent.yaml: the agent's identity and credential, readable by the system account only (0600).
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface AgentConfig {
  server: string;
  agentId: string;
  deviceId: string;
  token: string;
  orgId: string;
  siteId: string | null;
  heartbeatIntervalSeconds: number;
  enrolledAt: string;
  /** The server's Ed25519 release key (SPKI DER, base64): self-updates must be signed with it. */
  releaseSigningKey?: string;
}

export const CONFIG_FILE = 'agent.yaml';

export function defaultDataDir(): string {
  if (process.env.RMM_AGENT_DATA_DIR) return process.env.RMM_AGENT_DATA_DIR;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (process.platform === 'win32') return path.join(process.env.ProgramData ?? 'C:\\ProgramData', 'rmm-agent');
  if (process.platform === 'darwin') return root ? '/Library/Application Support/rmm-agent' : path.join(os.homedir(), 'Library', 'Application Support', 'rmm-agent');
  return root ? '/var/lib/rmm-agent' : path.join(os.homedir(), '.rmm-agent');
}

export const configPath = (dataDir: string) => path.join(dataDir, CONFIG_FILE);

/** Flat YAML: `key: value`, values as JSON scalars (quoted strings, numbers, null). */
export function toYaml(config: AgentConfig): string {
  const lines = ['# rmm-agent configuration, written by `rmm-agent enroll`. Holds the agent credential: keep it private.'];
  for (const [key, value] of Object.entries(config)) if (value !== undefined) lines.push(`${key}: ${JSON.stringify(value)}`);
  return `${lines.join('\n')}\n`;
}

export function fromYaml(text: string): AgentConfig {
  const out: Record<string, unknown> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`agent.yaml: cannot read line "${line}"`);
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    try {
      out[key] = JSON.parse(value);
    } catch {
      out[key] = value.replace(/^'(.*)'$/, '$1');
    }
  }
  for (const key of ['server', 'agentId', 'deviceId', 'token']) {
    if (typeof out[key] !== 'string' || !out[key]) throw new Error(`agent.yaml: missing ${key}`);
  }
  return {
    server: out.server as string,
    agentId: out.agentId as string,
    deviceId: out.deviceId as string,
    token: out.token as string,
    orgId: String(out.orgId ?? ''),
    siteId: typeof out.siteId === 'string' ? out.siteId : null,
    heartbeatIntervalSeconds: typeof out.heartbeatIntervalSeconds === 'number' ? out.heartbeatIntervalSeconds : 60,
    enrolledAt: String(out.enrolledAt ?? ''),
    ...(typeof out.releaseSigningKey === 'string' && out.releaseSigningKey ? { releaseSigningKey: out.releaseSigningKey } : {}),
  };
}

export function readConfig(dataDir: string): AgentConfig | null {
  const file = configPath(dataDir);
  if (!existsSync(file)) return null;
  return fromYaml(readFileSync(file, 'utf8'));
}

/** Written atomically with mode 0600 inside a 0700 directory. */
export function writeConfig(dataDir: string, config: AgentConfig): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = configPath(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, toYaml(config), { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
  return file;
}
