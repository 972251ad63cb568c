// Starts the sandbox distributor for one test file and points the service at it.
import { afterAll, beforeAll } from 'vitest';
import { resetEnvCache } from '@/lib/env';
import { startDistributorSandbox, type DistributorSandbox } from '@/sandbox/distributor/server';

export function useDistributorSandbox(opts: { timeoutMs?: number } = {}): () => DistributorSandbox {
  let sandbox: DistributorSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startDistributorSandbox();
    process.env.DISTRIBUTOR_API_URL = sandbox.apiUrl;
    // Short enough that the timeout path costs little; a real deployment waits 15 s.
    process.env.DISTRIBUTOR_TIMEOUT_MS = String(opts.timeoutMs ?? 400);
    resetEnvCache();
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error('sandbox not started');
    return sandbox;
  };
}
