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
import { test as base, expect, type BrowserContext, type Page, type Request } from '@playwright/test';

export { expect };

export type FailurePattern = RegExp | string;

/**
 * Answers that are part of a protocol, not failures. A console page restores its session by
 * exchanging the HttpOnly refresh cookie (lib/client/api-client.ts): for a visitor who has none,
 * or whose session ended, that exchange answers 401 — the page cannot know beforehand — and is
 * tried once more after 400 ms in case another tab was rotating the cookie.
 */
const PROTOCOL: FailurePattern[] = [/^POST \S+\/api\/v1\/auth\/refresh → 401$/];

/** The page a request belongs to; none for a service worker's. */
function pageOf(request: Request): Page | null {
  try {
    return request.frame().page();
  } catch {
    return null;
  }
}

export class NetworkLog {
  private readonly problems: string[] = [];
  private readonly allowed: FailurePattern[];
  private readonly watched = new WeakSet<BrowserContext>();
  /** Main-frame navigations per page: a request cut off by one was not a failure of the app. */
  private readonly navigations = new WeakMap<Page, number>();
  private readonly startedAt = new WeakMap<Request, number>();

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
    const track = (page: Page) => {
      this.navigations.set(page, 0);
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) this.navigations.set(page, (this.navigations.get(page) ?? 0) + 1);
      });
    };
    context.pages().forEach(track);
    context.on('page', track);
    context.on('request', (request) => {
      const page = pageOf(request);
      if (!page) return;
      // A new document being requested already dooms what the current one has in flight.
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) this.navigations.set(page, (this.navigations.get(page) ?? 0) + 1);
      this.startedAt.set(request, this.navigations.get(page) ?? 0);
    });
    context.on('requestfailed', (request) => {
      const error = request.failure()?.errorText ?? 'failed';
      if (error === 'net::ERR_ABORTED' && this.abortedByNavigation(request)) return;
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

  /**
   * A navigation the test (or the app) started replaces the document, and the browser aborts
   * what the old one still had in flight: the navigation request itself when another replaced it,
   * fetches and prefetches of a page that is gone or was closed.
   */
  private abortedByNavigation(request: Request): boolean {
    // The router's own fetches of pages (RSC payloads, prefetches) are dropped when the user moves on.
    if (request.isNavigationRequest() || request.headers()['rsc'] === '1') return true;
    const page = pageOf(request);
    if (!page || page.isClosed()) return true;
    return (this.navigations.get(page) ?? 0) !== (this.startedAt.get(request) ?? 0);
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
