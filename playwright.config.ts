import { defineConfig } from '@playwright/test';

// Driven by scripts/test.ts, which starts the built app on its own database and sets E2E_BASE_URL.
//
// Two lanes on a 2-core machine: the journeys, one at a time as they were written (each seeds its
// own partner but many share the app's global lists), and beside them the accessibility sweep,
// which only reads its own seeded world. One browser and the app's server already keep about one
// core busy, so a second lane uses the other instead of the run waiting for the sweep's page
// after page.
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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'a11y', testMatch: 'a11y.spec.ts', workers: 1 },
    { name: 'journeys', testIgnore: 'a11y.spec.ts', workers: 1 },
  ],
});
