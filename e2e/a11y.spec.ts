// The accessibility sweep: every console and portal page (found in the app directory, dynamic
// segments filled from one seeded world) is loaded in the light and the dark theme and checked by
// axe-core — no critical or serious violation — and every console page is loaded on a 390×844
// phone, where none may scroll sideways. Each check uses one browser context and reports every
// page at once; the automatic network fixture fails a pass that saw a failed request.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect, type NetworkLog } from './helpers/test';
import { signInConsole } from './helpers/console';
import { fillPattern, pagePatterns } from './helpers/pages';
import { loadWorld, WORLD_PASSWORD, type World } from './helpers/world';
import { isKnown, type Mode } from './helpers/a11y-known';

type Theme = Exclude<Mode, 'phone'>;

const CONSOLE = pagePatterns('(console)');
const PORTAL = pagePatterns('portal');
/** Pages only a platform operator sees in full; the sweep signs in as one before them. */
const PLATFORM_PAGES = new Set(['/partners', '/partners/[id]', '/third-party-catalog']);
/** Portal pages for visitors who are not signed in. */
const PORTAL_GUEST_PAGES = new Set(['/portal/login', '/portal/forgot-password', '/portal/reset-password', '/portal/accept-invite']);

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
    '/webhooks/[id]': ids.webhook,
    '/portal/tickets/[id]': ids.ticket,
    '/maintenance/[id]': ids.maintenanceWindow,
    // A catch-all page is the not-found page of its area: the sweep looks at it on an address
    // nothing else serves.
    '/portal/[...missing]': MISSING,
  };
}

// Dozens of pages per pass, each loaded, settled and scanned.
test.setTimeout(15 * 60_000);
// The not-found pages are swept on purpose (see MISSING); their documents answer 404.
test.use({ allowedFailures: [new RegExp(`^GET \\S+/${MISSING} → 404$`)] });

let world: World;
test.beforeAll(async () => {
  world = await loadWorld();
});

async function themedContext(browser: Browser, networkLog: NetworkLog, mode: Theme, viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext({ colorScheme: mode, viewport });
  networkLog.watch(context);
  // Every page is loaded afresh, so the router's prefetches of the navigation's links (dozens per
  // page, each a server render) are never used: refusing them keeps the sweep fast.
  await context.route(
    (url) => url.searchParams.has('_rsc'),
    (route) => (route.request().headers()['next-router-prefetch'] ? route.abort('aborted') : route.fallback()),
  );
  // The theme as the toggle stores it, in place before the first paint of every page.
  await context.addInitScript((theme) => {
    try {
      localStorage.setItem('rmm-theme', theme);
    } catch {
      // about:blank and opaque origins have no storage; the app's pages do.
    }
  }, mode);
  return context;
}

/** Loads a page and waits until it has settled: its main landmark shown and its API calls done. */
async function settle(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  if (url.endsWith(`/${MISSING}`)) expect(response?.status(), `${url} answered ${response?.status()}`).toBe(404);
  else expect(response?.status(), `${url} answered ${response?.status()}`).toBeLessThan(400);
  await expect(page.locator('main').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** axe's critical and serious findings on the page as it is, minus the known ones, one line each. */
async function violations(page: Page, pattern: string, mode: Mode): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
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

function consolePages(): { pattern: string; url: string }[] {
  const fill = segments(world.ids);
  const ordered = [...CONSOLE.filter((p) => !PLATFORM_PAGES.has(p)), ...CONSOLE.filter((p) => PLATFORM_PAGES.has(p))];
  return ordered.map((pattern) => ({ pattern, url: fillPattern(pattern, fill) }));
}

/** Visits every console page as the partner admin (platform pages as the operator) and runs `check`. */
async function sweepConsole(page: Page, check: (pattern: string) => Promise<string[]>): Promise<string[]> {
  const found: string[] = [];
  await signInConsole(page, world.admin, WORLD_PASSWORD);
  let operator = false;
  for (const { pattern, url } of consolePages()) {
    if (PLATFORM_PAGES.has(pattern) && !operator) {
      await signInConsole(page, world.platformAdmin, WORLD_PASSWORD);
      operator = true;
    }
    const started = Date.now();
    await settle(page, url);
    found.push(...(await check(pattern)));
    if (process.env.E2E_SWEEP_TRACE) console.log(`${pattern} ${Date.now() - started} ms`);
  }
  return found;
}

for (const mode of ['light', 'dark'] as const) {
  test(`every console page passes axe in the ${mode} theme`, async ({ browser, networkLog }) => {
    const context = await themedContext(browser, networkLog, mode);
    const page = await context.newPage();
    const found = await sweepConsole(page, async (pattern) => {
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), `${pattern} is in the ${mode} theme`).toBe(mode === 'dark');
      return violations(page, pattern, mode);
    });
    await context.close();
    expect(found.length, `axe found critical/serious violations:\n${found.join('\n')}`).toBe(0);
  });

  test(`every portal page passes axe in the ${mode} theme`, async ({ browser, networkLog }) => {
    const context = await themedContext(browser, networkLog, mode);
    const page = await context.newPage();
    const fill = segments(world.ids);
    const found: string[] = [];
    const guest = PORTAL.filter((p) => PORTAL_GUEST_PAGES.has(p));
    for (const pattern of guest) {
      await settle(page, fillPattern(pattern, fill));
      found.push(...(await violations(page, pattern, mode)));
    }
    const login = await context.request.post('/api/v1/portal/auth/login', { data: { email: world.portal.email, password: world.portal.password }, headers: { origin: new URL(page.url()).origin } });
    expect(login.status(), await login.text()).toBe(200);
    for (const pattern of PORTAL.filter((p) => !PORTAL_GUEST_PAGES.has(p))) {
      await settle(page, fillPattern(pattern, fill));
      found.push(...(await violations(page, pattern, mode)));
    }
    await context.close();
    expect(found.length, `axe found critical/serious violations:\n${found.join('\n')}`).toBe(0);
  });
}

test('no console page scrolls sideways on a 390×844 phone', async ({ browser, networkLog }) => {
  const context = await themedContext(browser, networkLog, 'light', { width: 390, height: 844 });
  const page = await context.newPage();
  const found = await sweepConsole(page, async (pattern) => {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    if (scrollWidth <= innerWidth) return [];
    // Name the widest elements, so the report says what to fix.
    const culprits = await page.evaluate((limit) => {
      const wide = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > limit + 1);
      // Outermost first: an element whose parent also overflows is reported through the parent.
      return wide
        .filter((el) => !wide.includes(el.parentElement as Element))
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 4).join('.')} (right ${Math.round(el.getBoundingClientRect().right)})`);
    }, innerWidth);
    return isKnown({ page: pattern, mode: 'phone', rule: 'scrolls-sideways' }) ? [] : [`[390px] ${pattern} is ${scrollWidth}px wide: ${culprits.join(', ')}`];
  });
  await context.close();
  expect(found.length, `pages wider than the phone:\n${found.join('\n')}`).toBe(0);
});
