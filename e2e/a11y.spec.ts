// The accessibility sweep: every console and portal page (found in the app directory, dynamic
// segments filled from one seeded world) is checked by axe-core in the light and the dark theme —
// no critical or serious violation — and every console page on a 390×844 phone, where none may
// scroll sideways. Each page is loaded once: axe runs in the theme it loaded in, the page is
// switched to the other theme the way the theme toggle does it and axe runs again, and the
// viewport is narrowed to the phone's for the sideways check. The pages are shared out among a few
// tests, each with one browser context that reports every page it saw at once; the automatic
// network fixture fails a test whose pages saw a failed request.
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import type AxeCore from 'axe-core';
import { test, expect, type NetworkLog } from './helpers/test';
import { signInConsole } from './helpers/console';
import { fillPattern, pagePatterns } from './helpers/pages';
import { loadWorld, WORLD_ADMINS, WORLD_PASSWORD, type World } from './helpers/world';
import { isKnown, type Mode } from './helpers/a11y-known';

type Theme = Exclude<Mode, 'phone'>;

// axe-core as the sweep's declared dependency, @axe-core/playwright, has it.
const here = createRequire(import.meta.url);
const axe = createRequire(here.resolve('@axe-core/playwright'))('axe-core') as typeof AxeCore;

const CONSOLE = pagePatterns('(console)');
const PORTAL = pagePatterns('portal');
/** Pages only a platform operator sees in full; the sweep signs in as one before them. */
const PLATFORM_PAGES = new Set(['/partners', '/partners/[id]', '/third-party-catalog']);
/** Portal pages for visitors who are not signed in. */
const PORTAL_GUEST_PAGES = new Set(['/portal/login', '/portal/forgot-password', '/portal/reset-password', '/portal/accept-invite']);
/** How many tests share the console pages (Playwright may run them side by side), each as its own admin. */
const CONSOLE_SHARES = WORLD_ADMINS;

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The path segment that stands for an address no page serves. */
const MISSING = 'no-such-page';

/** The record each dynamic segment shows, keyed by the pattern up to the segment. */
function segments(ids: Record<string, string>): Record<string, string | undefined> {
  return {
    '/access-reviews/[id]': ids.accessReview,
    '/alerts/[id]': ids.alert,
    '/alerts/channels/[id]': ids.channel,
    '/alerts/monitors/[id]': ids.monitor,
    '/alerts/policies/[id]': ids.policy,
    '/alerts/rules/[id]': ids.rule,
    '/assets/[id]': ids.asset,
    '/billing/catalog/[id]': ids.catalogItem,
    '/billing/contracts/[id]': ids.contract,
    '/billing/invoices/[id]': ids.invoice,
    '/billing/quotes/[id]': ids.quote,
    '/devices/[id]': ids.device,
    '/distributor/orders/[id]': ids.distributorOrder,
    '/groups/[id]': ids.group,
    '/organizations/[id]': ids.org,
    '/partners/[id]': ids.partner,
    '/scripts/[id]': ids.script,
    '/tickets/[id]': ids.ticket,
    '/vulnerabilities/[id]': ids.vulnerabilityFinding,
    '/webhooks/[id]': ids.webhook,
    '/portal/tickets/[id]': ids.ticket,
    '/maintenance/[id]': ids.maintenanceWindow,
    '/deployments/[id]': ids.deployment,
    '/analytics/dashboards/[id]': ids.dashboard,
    '/automations/[id]': ids.automation,
    '/policies/[id]': ids.configPolicy,
    '/snmp/devices/[id]': ids.snmpDevice,
    // A shipped manifest: the catalogue is the same for every partner.
    '/plugins/catalog/[slug]': 'chat-notifications',
    '/plugins/installations/[id]': ids.pluginInstallation,
    // A catch-all page is the not-found page of its area: the sweep looks at it on an address
    // nothing else serves.
    '/portal/[...missing]': MISSING,
  };
}

// Dozens of pages per test, each loaded, settled and scanned twice.
test.setTimeout(10 * 60_000);
// The not-found pages are swept on purpose (see MISSING); their documents answer 404.
test.use({ allowedFailures: [new RegExp(`^GET \\S+/${MISSING} → 404$`)] });
test.describe.configure({ mode: 'parallel' });

let world: World;
test.beforeAll(async () => {
  // The first caller seeds the world: a partner with every kind of record and its people.
  test.setTimeout(5 * 60_000);
  world = await loadWorld();
});

/**
 * The requests a page has started and not finished, from the browser's own network events: the
 * sweep's signal that a page has everything it asked for.
 */
class InFlight {
  private readonly open = new Set<Request>();
  private waiters: (() => void)[] = [];

  constructor(page: Page) {
    page.on('request', (request) => this.open.add(request));
    const done = (request: Request) => {
      this.open.delete(request);
      if (this.open.size === 0) for (const wake of this.waiters.splice(0)) wake();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  }

  get idle(): boolean {
    return this.open.size === 0;
  }

  /** Resolves once no request is open. */
  drained(): Promise<void> {
    return this.idle ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}

interface Sweep {
  context: BrowserContext;
  page: Page;
  inFlight: InFlight;
}

async function openSweep(browser: Browser, networkLog: NetworkLog): Promise<Sweep> {
  const context = await browser.newContext({ colorScheme: 'light', viewport: DESKTOP });
  networkLog.watch(context);
  // Every page is loaded afresh, so the router's prefetches of the navigation's links (dozens per
  // page, each a server render) are never used: refusing them keeps the sweep fast.
  await context.route(
    (url) => url.searchParams.has('_rsc'),
    (route) => (route.request().headers()['next-router-prefetch'] ? route.abort('aborted') : route.fallback()),
  );
  // A visitor who never chose a theme starts in the light one; afterwards each page loads in the
  // theme the previous one was switched to, so both themes are also seen straight from a load.
  await context.addInitScript(() => {
    try {
      if (localStorage.getItem('rmm-theme') === null) localStorage.setItem('rmm-theme', 'light');
    } catch {
      // about:blank and opaque origins have no storage; the app's pages do.
    }
  });
  const page = await context.newPage();
  return { context, page, inFlight: new InFlight(page) };
}

/** Two animation frames: React commits what the last answer brought and starts what depends on it. */
const frames = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** Waits until the page has no request open, and still none after it has rendered what came back. */
async function quiet({ page, inFlight }: Sweep): Promise<void> {
  for (;;) {
    await inFlight.drained();
    await frames(page);
    if (inFlight.idle) return;
  }
}

/** Loads a page and waits until it has settled: its main landmark shown and its requests done. */
async function settle(sweep: Sweep, url: string): Promise<void> {
  const response = await sweep.page.goto(url);
  if (url.endsWith(`/${MISSING}`)) expect(response?.status(), `${url} answered ${response?.status()}`).toBe(404);
  else expect(response?.status(), `${url} answered ${response?.status()}`).toBeLessThan(400);
  await expect(sweep.page.locator('main').first()).toBeVisible();
  await quiet(sweep);
}

/** The theme the page shows: the app marks the dark one with the `dark` class on <html>. */
const shownTheme = (page: Page): Promise<Theme> => page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));

/**
 * Switches the loaded page to `theme` as the console's theme toggle does (the class on <html> and
 * the stored choice), with the visitor's colour-scheme preference to match. Transitions are held
 * off for the switch, so axe reads the new theme's colours rather than ones halfway there. The
 * portal has one theme whatever the visitor prefers (the app's theme script leaves it alone), so
 * there only the preference changes.
 */
async function switchTheme(page: Page, theme: Theme, themed: boolean): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate(
    ([t, classed]) => {
      localStorage.setItem('rmm-theme', t);
      if (!classed) return;
      const still = document.createElement('style');
      still.textContent = '*,*::before,*::after{transition:none!important}';
      document.head.appendChild(still);
      document.documentElement.classList.toggle('dark', t === 'dark');
      void document.body.offsetHeight;
      still.remove();
    },
    [theme, themed] as const,
  );
}

interface AxeAudit {
  rules: { id: string; enabled?: boolean; impact?: string; any: AxeCheckRef[]; all: AxeCheckRef[]; none: AxeCheckRef[] }[];
  checks: Record<string, { metadata?: { impact?: string } }>;
}
type AxeCheckRef = string | { id: string };

/**
 * How axe runs: every rule it runs by default that can report a critical or serious finding, and
 * only the violations reported in full. A finding's impact is the highest of its failed checks',
 * so a rule whose checks are all minor or moderate can never fail the sweep: leaving it out
 * changes no verdict. (Read from axe's own rule table; should that ever be missing, every rule runs.)
 */
const AXE_OPTIONS: AxeCore.RunOptions = (() => {
  const audit = (axe as unknown as { _audit?: AxeAudit })._audit;
  const rank: Record<string, number> = { minor: 1, moderate: 2, serious: 3, critical: 4 };
  const impact = (ref: AxeCheckRef) => rank[audit?.checks[typeof ref === 'string' ? ref : ref.id]?.metadata?.impact ?? ''] ?? 0;
  const minorOnly = (audit?.rules ?? []).filter((r) => r.enabled !== false && Math.max(rank[r.impact ?? ''] ?? 0, ...[...r.any, ...r.all, ...r.none].map(impact)) < rank.serious);
  return { rules: Object.fromEntries(minorOnly.map((r) => [r.id, { enabled: false }])), resultTypes: ['violations'] };
})();

/** axe's critical and serious findings on the page as it is, minus the known ones, one line each. */
async function violations(page: Page, pattern: string, mode: Mode): Promise<string[]> {
  // axe is put into each loaded page once and run there for every check of it (the app has no
  // frames for it to reach into).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const result = await page.evaluate((options) => (window as unknown as { axe: typeof AxeCore }).axe.run(document, options), AXE_OPTIONS);
  const lines: string[] = [];
  for (const v of result.violations) {
    if (v.impact !== 'critical' && v.impact !== 'serious') continue;
    const nodes = v.nodes.filter((n) => !isKnown({ page: pattern, mode, rule: v.id, target: n.target.join(' ') }));
    if (!nodes.length) continue;
    const sample = nodes.slice(0, 10).map((n) => `${n.target.join(' ')}${n.any[0]?.message ? ` — ${n.any[0].message}` : ''}`);
    lines.push(`[${mode}] ${pattern} ${v.id} (${v.impact}) ×${nodes.length}:\n      ${sample.join('\n      ')}`);
  }
  return lines;
}

/** The page's width beyond the viewport's, naming the widest elements; null when it fits. */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const { scrollWidth } = document.documentElement;
    const { innerWidth } = window;
    if (scrollWidth <= innerWidth) return null;
    // Name the widest elements, so the report says what to fix.
    const wide = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > innerWidth + 1);
    // Outermost first: an element whose parent also overflows is reported through the parent.
    const culprits = wide
      .filter((el) => !wide.includes(el.parentElement as Element))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 4).join('.')} (right ${Math.round(el.getBoundingClientRect().right)})`);
    return `${scrollWidth}px wide: ${culprits.join(', ')}`;
  });
}

/**
 * Whether the page scrolls sideways on the phone. The loaded page is narrowed to the phone's
 * viewport; a page that overflows there is loaded afresh on the phone before it is reported, so a
 * layout that only a load at that width gets right is not blamed.
 */
async function phoneCheck(sweep: Sweep, pattern: string): Promise<string[]> {
  const { page } = sweep;
  await page.setViewportSize(PHONE);
  await quiet(sweep);
  expect(await page.evaluate(() => window.innerWidth), `${pattern} on the phone`).toBe(PHONE.width);
  let wide = await overflow(page);
  if (wide) {
    await settle(sweep, page.url());
    wide = await overflow(page);
  }
  await page.setViewportSize(DESKTOP);
  await quiet(sweep);
  if (!wide || isKnown({ page: pattern, mode: 'phone', rule: 'scrolls-sideways' })) return [];
  return [`[390px] ${pattern} is ${wide}`];
}

const other = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');

/**
 * One share of the console pages: the others dealt out in turn, and the platform pages at the end
 * of the last share, which signs in as the operator for them.
 */
function consolePages(share: number): { pattern: string; url: string }[] {
  const fill = segments(world.ids);
  const mine = CONSOLE.filter((p) => !PLATFORM_PAGES.has(p)).filter((_, i) => i % CONSOLE_SHARES === share);
  if (share === CONSOLE_SHARES - 1) mine.push(...CONSOLE.filter((p) => PLATFORM_PAGES.has(p)));
  return mine.map((pattern) => ({ pattern, url: fillPattern(pattern, fill) }));
}

function trace(pattern: string, started: number): void {
  if (process.env.E2E_SWEEP_TRACE) console.log(`${pattern} ${Date.now() - started} ms`);
}

for (let share = 0; share < CONSOLE_SHARES; share++) {
  test(`console pages (share ${share + 1} of ${CONSOLE_SHARES}) pass axe in both themes and fit a 390×844 phone`, async ({ browser, networkLog }) => {
    const sweep = await openSweep(browser, networkLog);
    const { page } = sweep;
    const found: string[] = [];
    await signInConsole(page, world.admins[share], WORLD_PASSWORD);
    let operator = false;
    let theme: Theme = 'light';
    for (const { pattern, url } of consolePages(share)) {
      if (PLATFORM_PAGES.has(pattern) && !operator) {
        await signInConsole(page, world.platformAdmin, WORLD_PASSWORD);
        operator = true;
      }
      const started = Date.now();
      await settle(sweep, url);
      expect(await shownTheme(page), `${pattern} loads in the ${theme} theme`).toBe(theme);
      found.push(...(await violations(page, pattern, theme)));
      found.push(...(await phoneCheck(sweep, pattern)));
      theme = other(theme);
      await switchTheme(page, theme, true);
      expect(await shownTheme(page), `${pattern} switches to the ${theme} theme`).toBe(theme);
      found.push(...(await violations(page, pattern, theme)));
      trace(pattern, started);
    }
    await sweep.context.close();
    expect(found.length, `critical/serious axe violations or pages wider than the phone:\n${found.join('\n')}`).toBe(0);
  });
}

test('every portal page passes axe in both themes', async ({ browser, networkLog }) => {
  const sweep = await openSweep(browser, networkLog);
  const { page } = sweep;
  const fill = segments(world.ids);
  const found: string[] = [];
  const visit = async (pattern: string) => {
    const started = Date.now();
    await settle(sweep, fillPattern(pattern, fill));
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme, false);
      expect(await shownTheme(page), `${pattern} keeps the portal's one theme`).toBe('light');
      found.push(...(await violations(page, pattern, theme)));
    }
    trace(pattern, started);
  };
  for (const pattern of PORTAL.filter((p) => PORTAL_GUEST_PAGES.has(p))) await visit(pattern);
  const login = await sweep.context.request.post('/api/v1/portal/auth/login', { data: { email: world.portal.email, password: world.portal.password }, headers: { origin: new URL(page.url()).origin } });
  expect(login.status(), await login.text()).toBe(200);
  for (const pattern of PORTAL.filter((p) => !PORTAL_GUEST_PAGES.has(p))) await visit(pattern);
  await sweep.context.close();
  expect(found.length, `axe found critical/serious violations:\n${found.join('\n')}`).toBe(0);
});
