import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/helpers/chromium';

// Driven by scripts/test.ts, which starts the built app on its own database and sets E2E_BASE_URL.
//
// On a 2-core machine, two workers: one browser and the app's server already keep about one core
// busy, so a second worker uses the other instead of the run waiting on one page after another.
// The accessibility sweep (its own project, one worker, as its shares run in one file one after
// another) takes one of them while it lasts; the journeys take the rest, two at a time. Each journey seeds
// its own partner; those that also use the machine (long-running real agents, apt and dpkg) or
// platform-wide state declare a named lock (e2e/helpers/locks.ts), so no two with the same lock
// run at once.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:3000',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'a11y', testMatch: 'a11y.spec.ts', workers: 1 },
    { name: 'journeys', testIgnore: 'a11y.spec.ts', workers: 2 },
  ],
});
