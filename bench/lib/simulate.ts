// Runs the reference agent's `simulate` command (from source) over the seeded devices: the state
// file lists their credentials, so it enrolls nobody and goes straight to heartbeating.
import path from 'node:path';
import { startLoad, type LoadProcess } from './child';
import { writeSimulateState, type SeededDevice } from './seed';

export interface SimulateReport {
  devices: number;
  intervalSeconds: number;
  durationSeconds: number;
  heartbeats: number;
  targetHeartbeatsPerSecond: number;
  heartbeatsPerSecond: number;
  latencyMs: { p50: number; p90: number; p95: number; p99: number; max: number; mean: number };
  steady: { heartbeatsPerSecond: number; latencyMs: { p50: number; p90: number; p95: number; p99: number; max: number; mean: number } } | null;
  errors: { total: number; byKind: Record<string, number> };
  commandsAnswered: number;
  duplicateCommands: number;
  cpuSeconds: number;
}

export function startSimulate(opts: { urls: string[]; devices: SeededDevice[]; intervalSeconds: number; durationSeconds: number; workDir: string; name: string; log?: (m: string) => void }): LoadProcess<SimulateReport> {
  const stateFile = path.join(opts.workDir, `${opts.name}-state.json`);
  writeSimulateState(stateFile, opts.urls[0], opts.devices);
  return startLoad<SimulateReport>('agent/src/main.ts', [
    'simulate',
    '--server', opts.urls.join(','),
    '--key', 'unused-every-device-is-enrolled',
    '--devices', String(opts.devices.length),
    '--interval', String(opts.intervalSeconds),
    '--duration', String(opts.durationSeconds),
    '--max-sockets', '512',
    '--state-file', stateFile,
    '--json',
  ], { onStderr: (line) => opts.log?.(`  ${line}`) });
}
