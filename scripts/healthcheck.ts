// Container health checks (dist/healthcheck.js), for platforms that probe by running a command
// in the container (Docker's HEALTHCHECK, docker compose); Kubernetes probes the web's HTTP route
// itself. Exit 0 healthy, 1 not, with one line saying why.
//   node dist/healthcheck.js web     GET /api/v1/health on this container's port answers 200
//                                     (the web server is up and reaches the database)
//   node dist/healthcheck.js worker  the worker process on this host holds its job-queue listener
//                                     connection: a database session named after this host
//                                     (worker/application-name.ts) that is LISTENing for new jobs
import pg from 'pg';
import { workerApplicationName } from '../worker/application-name';

const TIMEOUT_MS = 4_000;

async function web(): Promise<string> {
  const port = process.env.PORT ?? '3000';
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET /api/v1/health answered ${res.status}: ${body}`);
  return body;
}

async function worker(): Promise<string> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: TIMEOUT_MS, query_timeout: TIMEOUT_MS });
  await client.connect();
  try {
    // graphile-worker keeps one connection that LISTENs for inserted jobs while its runner is
    // up; it is gone while the runner waits out a database outage or after it crashed.
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = $1 and query like 'LISTEN "jobs:insert"%'`,
      [workerApplicationName()],
    );
    if (rows[0].n === 0) throw new Error(`no job-queue listener named ${workerApplicationName()} (the worker is starting, waiting for the database, or down)`);
    return `${rows[0].n} job-queue listener(s)`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const which = process.argv[2];
const check = which === 'web' ? web : which === 'worker' ? worker : null;
if (!check) {
  console.error('usage: node dist/healthcheck.js web|worker');
  process.exit(2);
}
check().then(
  (detail) => {
    console.log(`healthy: ${detail}`);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(`unhealthy: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
