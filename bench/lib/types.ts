// What a scenario receives and what it reports (one row of the table and of the JSON file).
import type { Stack } from './stack';
import type { BenchNetwork } from './netns';
import type { SeededDevice, Tenant } from './seed';
import type { Ceiling } from '../scenarios/ceiling';

export interface Scale {
  /** 1 = the fleet sizes at a 60 s interval; 10 = a tenth of the devices at a 6 s interval (same beats/s). */
  factor: number;
  intervalSeconds: number;
}

export interface BenchContext {
  stack: Stack;
  tenant: Tenant;
  /** Enrolled devices of the tenant's fleet organization, hostname order. */
  fleet: SeededDevice[];
  scale: Scale;
  workDir: string;
  log: (m: string) => void;
  /** The run's bare-server heartbeat ceiling, once scenario 0 (or a scenario needing it) measured it. */
  ceiling?: Ceiling;
  /** The bridge for network namespaces, when a selected scenario needs them (15) and this box allows them. */
  network?: BenchNetwork;
  /** Why there is no network although a scenario wanted one. */
  networkUnavailable?: string;
}

export interface ScenarioResult {
  id: string;
  scenario: string;
  load: string;
  throughput: number | null;
  unit: string;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  errors: number;
  rssMb: { app: number; worker: number };
  /** CPU milliseconds per operation (beat, page, delivery, command…) of the app and database processes. */
  cpuMsPerOp?: { app: number; worker: number; db: number | null } | null;
  target: string;
  /** Whether every figure of the target holds; null when the scenario states no pass/fail target. */
  met: boolean | null;
  skipped?: string;
  extra?: Record<string, unknown>;
}

export interface Scenario {
  key: string;
  title: string;
  /** Devices the fleet must hold for this scenario (before scaling). */
  fleetSize: number;
  run(ctx: BenchContext): Promise<ScenarioResult[]>;
}

export const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export function cpuPerOp(cpu: Record<string, number>, ops: number): ScenarioResult['cpuMsPerOp'] {
  if (!ops) return null;
  const per = (s: number | undefined) => Math.round(((s ?? 0) * 1000 * 100) / ops) / 100;
  return { app: per(cpu.app), worker: per(cpu.worker), db: cpu.db === undefined ? null : per(cpu.db) };
}

export function skipped(id: string, scenario: string, target: string, reason: string): ScenarioResult {
  return { id, scenario, load: '-', throughput: null, unit: '', p50: null, p95: null, p99: null, errors: 0, rssMb: { app: 0, worker: 0 }, target, met: null, skipped: reason };
}
