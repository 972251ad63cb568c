import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromYaml, readConfig, toYaml, writeConfig, type AgentConfig } from './config';

const config: AgentConfig = {
  server: 'https://rmm.example.com',
  agentId: '7b0e1f9a-1111-4c3d-9a6b-2f1c3d4e5f60',
  deviceId: '8b0e1f9a-1111-4c3d-9a6b-2f1c3d4e5f60',
  token: 'agt_abc: "quoted"',
  orgId: '9b0e1f9a-1111-4c3d-9a6b-2f1c3d4e5f60',
  siteId: null,
  heartbeatIntervalSeconds: 60,
  enrolledAt: '2026-11-21T20:00:00.000Z',
};

describe('agent.yaml', () => {
  it('round-trips every field, including awkward strings', () => {
    expect(fromYaml(toYaml(config))).toEqual(config);
  });
  it('is written with mode 600', () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'rmm-agent-')), 'data');
    const file = writeConfig(dir, config);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readConfig(dir)).toEqual(config);
  });
  it('refuses a file without the credential', () => {
    expect(() => fromYaml('server: "x"\n')).toThrow('missing agentId');
  });
});
