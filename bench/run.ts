// `npm run bench [-- <scenario>…] [--quick | --scale N] [--procs N] [--no-build]`
// `npm run bench -- --compare A B`, `npm run bench -- --micro [name]` (bench/*.bench.ts)
// Starts the built app and worker(s) against a fresh database of their own, seeds each
// scenario, drives load from separate processes over loopback HTTP, prints one table and writes
// bench/results/<date>.json. See README "Scaling".
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dbPool } from '@/lib/db';
import { startStack, type Stack } from './lib/stack';
import { killAllLoad } from './lib/child';
import { formatTable, formatComparison, type BenchRun } from './lib/table';
import type { BenchContext, Scale, Scenario, ScenarioResult } from './lib/types';
import { heartbeatScenario } from './scenarios/heartbeat';
import { devicePagesScenario } from './scenarios/device-pages';
import { webhooksScenario } from './scenarios/webhooks';
import { commandsScenario } from './scenarios/commands';
import { orgImportScenario } from './scenarios/org-import';
import { partnerExportScenario } from './scenarios/partner-export';
import { heartbeatCapacityScenario } from './scenarios/heartbeat-capacity';
import { reconnectScenario } from './scenarios/reconnect';
import { patchIngestScenario } from './scenarios/patch-ingest';
import { metricHistoryScenario } from './scenarios/metric-history';
import { ceilingScenario } from './scenarios/ceiling';
import { watchMachine } from './lib/machine';
import { runAgainstBaseline } from './lib/baseline';
import { policyEvaluationScenario } from './scenarios/policy-evaluation';
import { automationStormScenario } from './scenarios/automation-storm';
import { vulnerabilitiesScenario } from './scenarios/vulnerabilities';
import { agentChannelScenario } from './scenarios/agent-channel';
import { namespacesScenario } from './scenarios/namespaces';
import { createNetwork, namespacesAvailable, type BenchNetwork } from './lib/netns';

const SCENARIOS: Scenario[] = [ceilingScenario, heartbeatScenario, devicePagesScenario, webhooksScenario, commandsScenario, orgImportScenario, partnerExportScenario, heartbeatCapacityScenario, reconnectScenario, patchIngestScenario, metricHistoryScenario, policyEvaluationScenario, automationStormScenario, vulnerabilitiesScenario, agentChannelScenario, namespacesScenario];
const resultsDir = path.resolve(import.meta.dirname, 'results');
const say = (m: string) => console.error(`[bench] ${m}`);

const USAGE = `npm run bench -- [scenario…] [options]
  scenario        0 bare-server ceiling (the same heartbeat requests answered by a server doing no work:
                    this box's limit; scenario 7 reports capacity as a fraction of it),
                  1 heartbeat, 2 device paging (paced latency and closed-loop throughput beside the whole
                    fleet's heartbeats), 3 webhooks, 4 commands, 5 org import, 6 partner export,
                  7 heartbeat capacity (offered 30 %, 40 %, … of the ceiling until it stops keeping up;
                    compare --procs 1 and 2),
                  8 reconnection storm (50k offline devices beat again within one interval),
                  9 patch scan ingest (10k devices upload a scan, then rescan) and GET /patches, /patches/compliance
                  10 metric history (100k devices' day of 5-minute buckets: rows/s, disk per day, rollup, retention drop)
                  11 policy evaluation (20 policies over 50k devices: initial, then time to settled compliance and
                     database CPU after one policy changes)
                  12 automation on device.online during a reconnection storm of 10k devices (runs created, lost,
                     duplicated, time until every run finished)
                  13 vulnerability findings (10k devices x 500 packages against a 50k-advisory OSV feed: full
                     recomputation time and peak memory, a feed change, one inventory; GET /vulnerabilities p95)
                  14 live agent channel (10k agents with an open channel on one web process: memory per connection,
                     p99 of GET …/processes at 100/s; terminal keystroke-to-echo p99 through one and two web
                     processes (--procs 2) and cat throughput)
                  15 processes in network namespaces (1 web + 1 worker, then 2 + 2, each in a namespace of its own
                     made by the bench, on one PostgreSQL: heartbeats, commands and webhook deliveries through
                     every process; duplicate claims and deliveries, CPU per operation against 1 + 1; needs root
                     and the embedded PostgreSQL)
                  (default: all)
  --quick         a tenth of every fleet at a 6 s interval (the same request rates; minutes, not a quarter hour)
  --scale N       1/N of every fleet at a 60/N s interval (--quick is --scale 10)
  --procs N       N web processes and N workers on the one database (heartbeats rotate over the web processes)
  --label NAME    appended to the results file name
  --no-build      use the existing build even when it is older than the sources
  --env KEY=VALUE a setting for the app and worker processes (repeatable), e.g. --env DB_POOL_SIZE=20
  --pg-stats      pg_stat_statements in the embedded PostgreSQL: each scenario reports its top statements
  --durable       the embedded PostgreSQL with fsync, synchronous_commit and full_page_writes on, as
                  \`npm start\` runs it (by default the bench's throwaway cluster runs without them)
  --profile       V8 CPU profiles of the web processes and workers into bench/results/profiles (summarise: npx tsx bench/profile-summary.ts FILE); a scenario that marks its measurement window (15) restarts their profiles there
  --baseline REF  this tree against git REF on the same box: REF's bench and this one's run in turn
                  (A, B, A, B…), and the table gives each figure's median and B/A ratio
  --rounds N      rounds of --baseline (default 2)
  --compare A B   ratio of two result files (names in bench/results or paths)
  --micro [name]  the in-process micro-benchmarks instead (bench/*.bench.ts, e.g. org-import)`;

/** The statements that cost the database most during the last scenario (needs --pg-stats). */
async function topStatements() {
  const { rows } = await dbPool().query(`
    select left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query, calls::int, round(total_exec_time::numeric, 1)::float as total_ms,
      round(mean_exec_time::numeric, 3)::float as mean_ms, rows::int, shared_blks_hit::int as hit, shared_blks_read::int as read
    from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
    order by total_exec_time desc limit 10`);
  return rows;
}

/** The tables written most since the stack started: updates, and how many of them were HOT (no index touched). */
async function tableWrites() {
  const { rows } = await dbPool().query(`
    select relname as table, n_tup_ins::int as inserts, n_tup_upd::int as updates, n_tup_hot_upd::int as hot_updates,
      n_dead_tup::int as dead, autovacuum_count::int as autovacuums
    from pg_stat_user_tables order by n_tup_upd + n_tup_ins desc limit 6`);
  return rows;
}

/** The in-process micro-benchmarks (bench/*.bench.ts, each with a database of its own), in turn. */
function runMicroBenches(wanted: string[]): void {
  const dir = import.meta.dirname;
  const files = readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (wanted.length === 0 || wanted.some((w) => f.startsWith(w)))).sort();
  for (const file of files) {
    console.log(`\n== ${file}`);
    execFileSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit', cwd: path.resolve(dir, '..') });
  }
}

function resolveResult(name: string): string {
  for (const candidate of [name, path.join(resultsDir, name), path.join(resultsDir, `${name}.json`)]) if (existsSync(candidate)) return candidate;
  throw new Error(`no result file ${name}`);
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      quick: { type: 'boolean', default: false },
      scale: { type: 'string' },
      procs: { type: 'string', default: '1' },
      label: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      'pg-stats': { type: 'boolean', default: false },
      durable: { type: 'boolean', default: false },
      env: { type: 'string', multiple: true, default: [] },
      compare: { type: 'boolean', default: false },
      baseline: { type: 'string' },
      rounds: { type: 'string', default: '2' },
      micro: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return console.log(USAGE);
  // Names of micro-benchmarks (e.g. `npm run bench -- org-import`) run those, as before this harness.
  const micro = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.bench.ts'));
  const namesMicro = positionals.length > 0 && positionals.every((p) => micro.some((f) => f.startsWith(p)));
  if (values.micro || namesMicro) return runMicroBenches(positionals);
  if (values.compare) {
    if (positionals.length !== 2) throw new Error('--compare needs two result files');
    const [a, b] = positionals.map((p) => JSON.parse(readFileSync(resolveResult(p), 'utf8')) as BenchRun);
    return console.log(formatComparison(a, b));
  }

  if (values.baseline) {
    const rounds = Number(values.rounds);
    if (!Number.isInteger(rounds) || rounds < 1 || rounds > 10) throw new Error('--rounds must be 1-10');
    // Everything but the A/B options and the label goes to both benches.
    const forwarded: string[] = [];
    const argv = process.argv.slice(2);
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i];
      if (arg === '--baseline' || arg === '--rounds' || arg === '--label') i++;
      else if (!/^--(baseline|rounds|label)=/.test(arg)) forwarded.push(arg);
    }
    return runAgainstBaseline(values.baseline, forwarded, rounds, say);
  }

  const factor = values.scale ? Number(values.scale) : values.quick ? 10 : 1;
  if (!Number.isFinite(factor) || factor < 1 || 60 % factor !== 0) throw new Error('--scale must divide 60 (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60)');
  const scale: Scale = { factor, intervalSeconds: 60 / factor };
  const procs = Math.max(1, Number(values.procs));
  const extraEnv = Object.fromEntries(values.env.map((kv) => {
    const eq = kv.indexOf('=');
    if (eq < 1) throw new Error(`--env wants KEY=VALUE, got ${kv}`);
    return [kv.slice(0, eq), kv.slice(eq + 1)];
  }));
  const selected = positionals.length ? SCENARIOS.filter((s) => positionals.includes(s.key)) : SCENARIOS;
  if (selected.length === 0) throw new Error(`unknown scenario ${positionals.join(' ')}\n${USAGE}`);

  const startedAt = new Date();
  const machineWatch = watchMachine();
  const postgres = process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded';
  let stack: Stack | undefined;
  // Scenario 15 runs processes in network namespaces joined by a bridge the embedded PostgreSQL
  // listens on, so the bridge is made before the database starts.
  let network: BenchNetwork | undefined;
  let networkUnavailable: string | undefined;
  if (selected.some((s) => s.key === '15')) {
    networkUnavailable = process.env.DATABASE_URL ? 'needs the embedded PostgreSQL (it listens on the bench bridge)' : (namespacesAvailable() ?? undefined);
    if (!networkUnavailable) network = createNetwork();
  }
  const stopAll = async () => {
    killAllLoad();
    await stack?.stop();
    network?.teardown();
  };
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  process.on('SIGTERM', () => void stopAll().then(() => process.exit(143)));

  const results: ScenarioResult[] = [];
  let ctx: BenchContext | undefined;
  try {
    stack = await startStack({ webProcesses: procs, workers: procs, heartbeatIntervalSeconds: scale.intervalSeconds, skipBuild: values['no-build'], profileDir: values.profile ? path.join(resultsDir, 'profiles') : null, pgStats: values['pg-stats'], durable: values.durable, extraEnv, network, log: say });
    // lib/env parses the environment on first use, which is now (the stack has just set it).
    const { seedTenant, seedDevices } = await import('./lib/seed');
    const tenant = await seedTenant();
    const fleetSize = Math.max(...selected.map((s) => Math.round(s.fleetSize / scale.factor)), selected.some((s) => s.key === '4') ? 1000 : 0);
    say(`seeding ${fleetSize} enrolled devices…`);
    const t0 = Date.now();
    const fleet = fleetSize ? await seedDevices(tenant, 0, fleetSize) : [];
    say(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const workDir = path.join(stack.logDir, 'load');
    mkdirSync(workDir, { recursive: true });
    ctx = { stack, tenant, fleet, scale, workDir, log: say, network, networkUnavailable };
    for (const scenario of selected) {
      try {
        if (values['pg-stats']) await dbPool().query('select pg_stat_statements_reset()');
        const rows = await scenario.run(ctx);
        if (values['pg-stats']) {
          const top = await topStatements();
          const writes = await tableWrites();
          for (const r of rows) r.extra = { ...r.extra, pgTopStatements: top, pgTableWrites: writes };
        }
        results.push(...rows);
      } catch (error) {
        killAllLoad();
        say(`scenario ${scenario.key} failed: ${(error as Error).stack ?? error}`);
        results.push({ id: `${scenario.key}-failed`, scenario: `${scenario.key} ${scenario.title}`, load: '-', throughput: null, unit: '', p50: null, p95: null, p99: null, errors: 1, rssMb: { app: 0, worker: 0 }, target: '-', met: false, skipped: `failed: ${(error as Error).message.split('\n')[0]}` });
      }
    }
  } finally {
    await stopAll();
    const { disconnectDb } = await import('@/lib/db');
    await disconnectDb().catch(() => undefined);
  }

  const run: BenchRun = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    options: { scale: scale.factor, intervalSeconds: scale.intervalSeconds, webProcesses: procs, workers: procs, scenarios: selected.map((s) => s.key), label: values.label ?? null, env: extraEnv, durable: values.durable },
    machine: { ...machineWatch.stop(), node: process.version, postgres, ceilingBeatsPerSecond: ctx?.ceiling?.beatsPerSecond ?? null },
    results,
  };
  console.log(formatTable(run));
  mkdirSync(resultsDir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
  const file = path.join(resultsDir, `${stamp}${values.label ? `-${values.label}` : ''}.json`);
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  say(`results written to ${path.relative(process.cwd(), file)}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    killAllLoad();
    console.error(`[bench] failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
