// Which Chromium the browser tests drive, and how it is started. Debian's headless shell
// (`chromium-headless-shell`, Chromium's "old" headless mode, the one Playwright itself uses for
// headless runs) when it is installed: it has no GPU process and none of the full browser's
// machinery, and ran the whole browser suite in about a fifth less CPU than the full `chromium`
// in its new headless mode. CHROMIUM_PATH overrides both.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL = '/usr/bin/chromium';

export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL;
}

/** The switches every spec's browser starts with; a spec may add its own after them. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
