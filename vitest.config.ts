import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

// Files that install or remove packages in this machine's own dpkg database (through the real
// agent and apt), or assert on its full package list. dpkg takes one writer at a time and a
// listing taken mid-install can come back short, so these run one after another, apart from the
// rest: first, while `npm test` still builds, typechecks and lints beside vitest, so the core
// their single worker leaves free has work (run last, they were a tail of about 50 s on one core).
// Their group is 1, not 0: vitest runs a single-worker project of group 0 after everything else.
const MACHINE_PACKAGES = [
  'tests/integration/agent-e2e.test.ts',
  'tests/integration/patch-agent-e2e.test.ts',
  'tests/integration/software-install-agent.test.ts',
  'tests/integration/software-uninstall-agent.test.ts',
  'tests/integration/vulnerability-agent-e2e.test.ts',
];

const integration = {
  environment: 'node' as const,
  setupFiles: ['tests/setup/database.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  // A worker process runs file after file: Node, vitest's runtime and the packages (Prisma's
  // client and engine, pg, zod, Next's server) load once per worker instead of once per file,
  // 0.6× the CPU. Each file still gets its own database, environment and a fresh copy of the
  // project's own modules (tests/setup/database.ts resets them), so no cache of lib/ or app/
  // carries one file's database into the next.
  isolate: false,
};

export default defineConfig({
  resolve: { alias },
  test: {
    globalSetup: ['tests/setup/global-setup.ts'],
    // Most files spend part of their time waiting on PostgreSQL, sockets and child processes
    // (real agents, snmpd, SMTP): one file more than the cores keeps both busy. Override with
    // VITEST_MAX_WORKERS (a number or a percentage).
    maxWorkers: process.env.VITEST_MAX_WORKERS ?? '150%',
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          sequence: { groupOrder: 2 },
          include: ['lib/**/*.test.ts', 'agent/**/*.test.ts', 'worker/**/*.test.ts'],
          environment: 'node',
          // Some unit files drive real processes (PDF layout, the agent's /proc and installer
          // code); beside the integration files on a busy box they take seconds, not milliseconds.
          testTimeout: 20_000,
          // One module graph per worker instead of a fresh fork per file: these files share no
          // database and the few that set process.env put it back (or only fill unset keys with
          // the same values), so the fork and the module loading are paid once per worker.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], exclude: MACHINE_PACKAGES, ...integration, sequence: { groupOrder: 2 } },
      },
      {
        resolve: { alias },
        // A fork per file, unlike the other integration files: five files gain little from
        // sharing a worker.
        test: { name: 'machine-packages', include: MACHINE_PACKAGES, ...integration, isolate: true, sequence: { groupOrder: 1 }, maxWorkers: 1 },
      },
    ],
  },
});
