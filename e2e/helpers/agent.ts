// The real reference agent (agent/dist/rmm-agent.cjs) for browser specs: enroll it with a key
// and let it run single heartbeat cycles (`run --once`: beat, run queued commands, report).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const AGENT = path.resolve('agent/dist/rmm-agent.cjs');

function run(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [AGENT, ...args, '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RMM_AGENT_DATA_DIR: dataDir } });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

export async function enrollAgent(key: string): Promise<{ once: () => Promise<void>; cleanup: () => void }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rmm-e2e-agent-'));
  const enrolled = await run(['enroll', '--key', key, '--server', process.env.E2E_BASE_URL!, '--quiet'], dataDir);
  if (enrolled.code !== 0) throw new Error(`agent enroll failed: ${enrolled.output}`);
  return {
    once: async () => {
      const r = await run(['run', '--once'], dataDir);
      if (r.code !== 0) throw new Error(`agent run --once failed: ${r.output}`);
    },
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
