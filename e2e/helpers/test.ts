// The `test` and `expect` every browser spec imports: @playwright/test's, plus an automatic
// fixture that watches the browser for failed requests (network errors, any 4xx or 5xx answer)
// and for console errors and uncaught page errors, and fails the test at its end listing them.
// The console must not make requests that fail in normal use, so 4xx answers count too; a journey
// that provokes one on purpose declares it, with the reason next to it:
//
//   test.use({ allowedFailures: [/POST \S+\/api\/v1\/auth\/login → 401/] });   // whole file
//   networkLog.allow(/\/api\/v1\/portal\/auth\/login/);                        // from here on
//
// A pattern is matched against the one-line description of each problem, e.g.
// "POST http://127.0.0.1:4000/api/v1/auth/login → 401" or "console error: …", so it can name the
// method, the path, the status or the message.
import { test as base, expect, type BrowserContext } from '@playwright/test';

export { expect };

export type FailurePattern = RegExp | string;

/**
 * Answers that are part of a protocol, not failures. A console page restores its session by
 * exchanging the HttpOnly refresh cookie (lib/client/api-client.ts): for a visitor who has none,
 * or whose session ended, that exchange answers 401 — the page cannot know beforehand — and is
 * tried once more after 400 ms in case another tab was rotating the cookie.
 */
const PROTOCOL: FailurePattern[] = [/^POST \S+\/api\/v1\/auth\/refresh → 401$/];

export class NetworkLog {
  private readonly problems: string[] = [];
  private readonly allowed: FailurePattern[];
  private readonly watched = new WeakSet<BrowserContext>();

  constructor(allowed: readonly FailurePattern[]) {
    this.allowed = [...PROTOCOL, ...allowed];
  }

  /** Ignores problems matching these patterns from now on (earlier ones still count). */
  allow(...patterns: FailurePattern[]): void {
    this.allowed.push(...patterns);
  }

  /** Watches a context the test created itself (the `context` fixture is watched already). */
  watch(context: BrowserContext): void {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on('requestfailed', (request) => {
      const error = request.failure()?.errorText ?? 'failed';
      // An abort is the page's own choice, never an answer of the server: besides navigations,
      // React Query cancels the fetches of a query whose component unmounted or whose key moved on.
      if (error === 'net::ERR_ABORTED') return;
      this.record(`${request.method()} ${request.url()} → ${error}`);
    });
    context.on('response', (response) => {
      if (response.status() < 400) return;
      this.record(`${response.request().method()} ${response.url()} → ${response.status()}`);
    });
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      // Chromium's own line for a failed load repeats what the request events above report.
      if (message.text().startsWith('Failed to load resource')) return;
      const where = message.location().url;
      this.record(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
    });
    context.on('weberror', (error) => this.record(`page error: ${error.error().message}`));
  }

  private record(line: string): void {
    if (this.allowed.some((p) => (typeof p === 'string' ? line.includes(p) : p.test(line)))) return;
    this.problems.push(line);
  }

  /** What went wrong so far, one line each. */
  list(): string[] {
    return [...this.problems];
  }
}

export const test = base.extend<{ allowedFailures: FailurePattern[]; networkLog: NetworkLog }>({
  allowedFailures: [[], { option: true }],
  networkLog: [
    async ({ context, allowedFailures }, use) => {
      const log = new NetworkLog(allowedFailures);
      log.watch(context);
      await use(log);
      const problems = log.list();
      expect(problems, `the browser saw ${problems.length} failed request(s) or error(s):\n${problems.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});
