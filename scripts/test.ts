// `npm test`: every test — unit and integration (vitest, real PostgreSQL) and end to end
// (Playwright in Debian's chromium against the built app) — and the static checks (the compiler
// over every file, ESLint and the layering check), with no set-up beyond npm install.
// Flags: --no-e2e, --e2e-only, --no-checks; arguments naming e2e/*.spec.ts files narrow Playwright
// to them; other arguments go to vitest (e.g. a file filter). A narrowed run skips the static
// checks (`npm run typecheck`, `npm run lint` run them alone) and the production-bundle check
// (scripts/check-production.ts, which reuses the browser tests' build; alone:
// `npm run test:production`).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { resolvePostgres, createDatabase, dropDatabase, freePort, throwawayDataDir } from './lib/postgres';
import { migrateDatabase } from './lib/migrate';
import { ensureBuilt } from './lib/build';
import { privateAddress } from '../e2e/helpers/receiver';
import { chromiumPath } from '../e2e/helpers/chromium';
import { startApp, waitForHttp } from './lib/processes';
import { startMailbox } from './lib/mailbox';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const runE2e = !args.includes('--no-e2e');
const runVitest = !args.includes('--e2e-only');
const isSpec = (a: string) => /(^|\/)e2e\/.+\.spec\.ts$/.test(a);
const specArgs = args.filter(isSpec);
const vitestArgs = args.filter((a) => !a.startsWith('--no-e2e') && !a.startsWith('--e2e-only') && !a.startsWith('--no-checks') && !isSpec(a));
const runChecks = runVitest && !args.includes('--no-checks') && specArgs.length === 0 && vitestArgs.length === 0;
const runProduction = runE2e && specArgs.length === 0 && vitestArgs.length === 0;
const say = (m: string) => console.log(`[test] ${m}`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function run(cmd: string, cmdArgs: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cmd, ...cmdArgs], { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

interface CheckResult {
  name: string;
  ok: boolean;
  seconds: number;
  output: string;
}

/**
 * Runs one static check with its output held back, so it prints as one block after the tests
 * instead of interleaving with vitest's. Steps run in order, all of them, so one report lists
 * every problem; the check fails when any step does.
 */
function runCheck(name: string, steps: [string, string[]][]): Promise<CheckResult> {
  const started = performance.now();
  let output = '';
  const step = (i: number): Promise<boolean> =>
    i === steps.length
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => {
          const [cmd, cmdArgs] = steps[i];
          const child = spawn(process.execPath, [cmd, ...cmdArgs], { cwd: root, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' } });
          child.stdout.on('data', (d: Buffer) => (output += d.toString()));
          child.stderr.on('data', (d: Buffer) => (output += d.toString()));
          child.on('error', (error) => {
            output += `${error.message}\n`;
            resolve(false);
          });
          child.on('exit', (code) => resolve(code === 0));
        }).then(async (ok) => (await step(i + 1)) && ok);
  return step(0).then((ok) => ({ name, ok, seconds: (performance.now() - started) / 1000, output }));
}

const bin = (p: string) => path.join(root, 'node_modules', p);

/**
 * `npm run typecheck`: Next's route types, then the compiler over every file in tsconfig.json.
 * The compiler is TypeScript 7 (the native one, installed as `typescript-7`): the same checks in
 * about a third of the CPU time of 5.9's, which the tooling (typescript-eslint, Next) keeps using.
 * Two checker threads: it shares the two cores with vitest and the build.
 */
const typecheck = () =>
  runCheck('typecheck', [
    [bin('next/dist/bin/next'), ['typegen']],
    [bin('typescript-7/bin/tsc'), ['--noEmit', '-p', 'tsconfig.json', '--pretty', 'false', '--checkers', '2']],
  ]);

/** `npm run lint`: ESLint (cached between local runs), then the transitive layering check. */
const lint = () =>
  runCheck('lint', [
    [bin('eslint/bin/eslint.js'), ['--cache', '--cache-location', bin('.cache/eslint/'), '.']],
    [bin('tsx/dist/cli.mjs'), [path.join(root, 'scripts/check-layering.ts')]],
  ]);

function report(check: CheckResult): void {
  if (check.ok) {
    say(`${check.name} passed in ${check.seconds.toFixed(1)} s`);
    return;
  }
  const body = check.output.trim().split('\n').filter((l) => !/^(Generating route types|✓ Types generated)/.test(l)).join('\n');
  console.error(`\n[test] ${check.name} FAILED in ${check.seconds.toFixed(1)} s:\n\n${body}\n`);
}

const TEST_SECRETS = {
  JWT_SECRET: 'e2e-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
  ENCRYPTION_KEY: 'e2e-encryption-key-0123456789-abcdefghijklmnopqrstu',
  PORTAL_SESSION_SECRET: 'e2e-portal-session-secret-0123456789-abcdefghijklm',
};

/** The browser tests' app, database and sandboxes, up and answering, and what Playwright is told of them. */
interface E2eStack {
  playwrightEnv: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/**
 * Starts what the browser tests run against: a database from the template, the mailbox, the
 * platform admin and the built app (web and worker) on free ports. `npm test` starts it as soon
 * as the build is ready, beside vitest, so the app's start is not on the way to the browser tests.
 */
async function startE2e(pg: Awaited<ReturnType<typeof resolvePostgres>>, template: string): Promise<E2eStack> {
  const database = `rmm_e2e_${process.pid}`;
  await createDatabase(pg.adminUrl, database, template);
  const port = await freePort();
  // Every email the app sends lands in this mailbox; specs read it through E2E_MAILBOX_URL
  // (see e2e/helpers/mailbox.ts).
  const mailbox = await startMailbox();
  // The distributor journey starts the sandbox distributor itself, on this port the app points at.
  const distributorPort = await freePort();
  // The SSO journey proves domain ownership against a DNS server it starts on this UDP port.
  const dnsPort = await freePort();
  // The assistant journey starts the sandbox model server on a private address of this machine
  // (the self-hosted address rules refuse loopback), on this port the app's AI_BASE_URL names.
  const modelPort = await freePort();
  const modelHost = privateAddress() ?? '127.0.0.1';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...TEST_SECRETS,
    DATABASE_URL: pg.urlFor(database),
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_BASE_URL: `http://127.0.0.1:${port}`,
    BOOTSTRAP_ADMIN_EMAIL: 'admin@e2e.test',
    BOOTSTRAP_ADMIN_PASSWORD: 'E2e-Admin-Password-1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SMTP_URL: mailbox.smtpUrl,
    // Self-hosted URL policy: the console's webhook journey delivers to a receiver on a private
    // address of this machine, so no test traffic leaves it.
    IS_HOSTED: 'false',
    DISTRIBUTOR_API_URL: `http://127.0.0.1:${distributorPort}/api/v1`,
    SSO_DNS_SERVERS: `127.0.0.1:${dnsPort}`,
    AI_PROVIDER: 'anthropic',
    AI_MODEL: 'sandbox-claude',
    AI_API_KEY: 'e2e-model-key',
    AI_BASE_URL: `http://${modelHost.includes(':') ? `[${modelHost}]` : modelHost}:${modelPort}`,
    // Every journey signs in from loopback, more often than the production per-address budget
    // (30 per 15 minutes) allows; the limit itself is covered by the integration tests.
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    // A handler that runs no authorization decision fails its request (500) instead of a log line.
    AUTHZ_BACKSTOP: 'enforce',
    // The real agent of the patch journey picks up each command within 2 s; presence keeps the
    // production window so simulated agents that beat once stay online through a journey.
    AGENT_HEARTBEAT_INTERVAL_SECONDS: '2',
    DEVICE_OFFLINE_AFTER_SECONDS: '180',
  };
  execFileSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/bootstrap-admin.ts')], { cwd: root, env, stdio: 'inherit' });
  const app = startApp({ env, stdio: 'inherit' });
  const stop = async () => {
    await app.stop();
    await mailbox.stop();
    await dropDatabase(pg.adminUrl, database).catch(() => undefined);
  };
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/v1/health`, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    playwrightEnv: {
      ...env,
      E2E_BASE_URL: `http://127.0.0.1:${port}`,
      E2E_ADMIN_EMAIL: env.BOOTSTRAP_ADMIN_EMAIL,
      E2E_ADMIN_PASSWORD: env.BOOTSTRAP_ADMIN_PASSWORD,
      E2E_MAILBOX_URL: mailbox.httpUrl,
      E2E_DISTRIBUTOR_PORT: String(distributorPort),
      E2E_DNS_PORT: String(dnsPort),
      E2E_MODEL_HOST: modelHost,
      E2E_MODEL_PORT: String(modelPort),
    },
    stop,
  };
}

/** Playwright over the started stack; stops the stack after. */
async function e2e(stack: Promise<E2eStack>): Promise<number> {
  const chromium = chromiumPath();
  if (!existsSync(chromium)) {
    console.error(`[test] browser tests need Chromium at ${chromium}: install it with "apt-get install -y chromium-headless-shell" (or "chromium", or set CHROMIUM_PATH)`);
    await stack.then((s) => s.stop(), () => undefined);
    return 1;
  }
  let started: E2eStack;
  try {
    started = await stack;
  } catch (error) {
    console.error('[test] the browser tests\' app did not start:', error);
    return 1;
  }
  try {
    mkdirSync(path.join(root, 'e2e/artifacts'), { recursive: true });
    return await run(path.join(root, 'node_modules/@playwright/test/cli.js'), ['test', ...specArgs], started.playwrightEnv);
  } finally {
    await started.stop();
  }
}

async function main() {
  const started = performance.now();
  execFileSync(process.execPath, [path.join(root, 'scripts/gen-route-index.mjs')]);
  // The static checks need no database: they start first and run beside everything else.
  const lintRun = runChecks ? lint() : null;
  const typecheckRun = runChecks ? typecheck() : null;
  const pg = await resolvePostgres({ dataDir: throwawayDataDir(root, 'test'), databaseUrl: process.env.DATABASE_URL, ephemeral: true });
  const template = `rmm_template_${process.pid}`;
  const failures: string[] = [];
  try {
    await dropDatabase(pg.adminUrl, template);
    await createDatabase(pg.adminUrl, template);
    await migrateDatabase(pg.urlFor(template), { quiet: true });
    say('database template ready');

    // The build and the vitest run overlap: neither needs the other. The build waits for the
    // typecheck: `next build` skips its own check of the same program (see next.config.mjs), and
    // `next typegen` must not write .next/types while a build clears .next.
    // Each phase says when it ends, counted from the start of the run, so a slow run shows where
    // its time went.
    const build = runE2e
      ? (typecheckRun ?? Promise.resolve())
          .then(() => ensureBuilt((m) => say(m)))
          .then(() => say(`web app ready at ${seconds(started)}`))
      : Promise.resolve();
    // The browser tests' app starts once built, while vitest still runs.
    const e2eStack = runE2e ? build.then(() => startE2e(pg, template)).then((stack) => (say(`browser tests' app answering at ${seconds(started)}`), stack)) : null;
    e2eStack?.catch(() => undefined); // reported when the browser tests would start
    if (runVitest) {
      const vitestStarted = performance.now();
      const code = await run(path.join(root, 'node_modules/vitest/vitest.mjs'), ['run', ...vitestArgs], {
        ...process.env,
        TEST_PG_ADMIN_URL: pg.adminUrl,
        TEST_TEMPLATE_DB: template,
      });
      say(`vitest took ${seconds(vitestStarted)} (done at ${seconds(started)})`);
      if (code !== 0) failures.push('vitest');
    }
    for (const check of await Promise.all([typecheckRun, lintRun])) {
      if (!check) continue;
      report(check);
      if (!check.ok) failures.push(check.name);
    }
    await build;
    if (runE2e) {
      const e2eStarted = performance.now();
      if ((await e2e(e2eStack!)) !== 0) failures.push('playwright');
      say(`browser tests took ${seconds(e2eStarted)} (done at ${seconds(started)})`);
    }
    // The compiled production processes (dist/), on the build just made: release step, web and
    // worker under plain node on a database of their own on this server. After the browser tests,
    // not beside them: in a fresh-clone run with it beside them a journey missed a 10 s
    // expectation (it passed alone), and the suite keeps well inside its time without that overlap.
    if (runProduction) {
      const productionStarted = performance.now();
      if ((await run(bin('tsx/dist/cli.mjs'), [path.join(root, 'scripts/check-production.ts')], { ...process.env, TEST_PG_ADMIN_URL: pg.adminUrl })) !== 0) failures.push('production bundle');
      say(`production check took ${seconds(productionStarted)}`);
    }
  } finally {
    await dropDatabase(pg.adminUrl, template).catch(() => undefined);
    await pg.stop();
  }
  const took = seconds(started);
  say(failures.length ? `FAILED (${failures.join(', ')}) in ${took}` : `passed in ${took}`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((error) => {
  console.error('[test] failed:', error);
  process.exit(1);
});
