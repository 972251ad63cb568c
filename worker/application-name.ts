// The application_name of the worker's job-queue connections: the host it runs on (a
// container's or pod's own hostname), so a health check on that host can find this worker's
// listener among every worker's sessions in pg_stat_activity (scripts/healthcheck.ts).
import os from 'node:os';

/** PostgreSQL keeps the first 63 bytes of an application_name. */
export function workerApplicationName(hostname: string = os.hostname()): string {
  return `rmm-worker@${hostname}`.slice(0, 63);
}
