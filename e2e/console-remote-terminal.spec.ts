// A technician opens a terminal on a real enrolled agent from the device page, runs echo and
// sees the output rendered by xterm.js; the ended session is in the Remote sessions history
// with its transcript. Then the same device's Web UI tab opens a web page the device serves
// through a tunnel, in a new tab: the page loads a script and an image, fetches JSON and opens a
// WebSocket through the tunnel (all from a sandboxed page, in a browser that sends it no
// third-party cookie, so on the token in the path); then the tunnel is closed from the Remote
// sessions page.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { MACHINE } from './helpers/locks';

test.describe.configure({ lock: MACHINE });

const AGENT = path.resolve('agent/dist/rmm-agent.cjs');
const PASSWORD = 'Console-Terminal-Pass-7!';

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [AGENT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

test('a terminal on a real agent runs echo and shows the output, then the transcript is in the history', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Terminal MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Contoso ${tag}` } });
  expect(org.status(), await org.text()).toBe(201);
  const orgId = (await org.json()).id as string;
  const key = await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { name: 'Terminal', orgId } });
  expect(key.status(), await key.text()).toBe(201);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'rmm-e2e-terminal-'));
  let agent: ChildProcess | undefined;
  // The device's own web interface, as a printer or router would serve one: a page with relative
  // URLs to a script, an image, a JSON status and a live WebSocket. It records the paths it is asked.
  const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
  const APP = `
    const show = (id, text) => (document.getElementById(id).textContent = text);
    show('script', 'script ok');
    fetch('status.json').then((r) => r.json()).then((j) => show('fetch', 'fetch ' + j.toner), (e) => show('fetch', 'fetch failed ' + e));
    const ws = new WebSocket(new URL('live', location.href).href.replace(/^http/, 'ws'));
    ws.onmessage = (m) => show('socket', 'socket ' + m.data);
    ws.onerror = () => show('socket', 'socket failed');`;
  const devicePaths: string[] = [];
  const webUi: Server = createServer((req, res) => {
    devicePaths.push(req.url ?? '');
    if (req.url === '/app.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(APP);
    if (req.url === '/pixel.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL);
    if (req.url === '/status.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ toner: '73%' }));
    res.writeHead(200, { 'content-type': 'text/html' }).end(
      `<h1>Printer admin ${tag}</h1><p id="script">no script</p><p id="image">no image</p><p id="fetch">no fetch</p><p id="socket">no socket</p>` +
        `<img src="pixel.png" onload="document.getElementById('image').textContent = 'image ' + this.naturalWidth" onerror="document.getElementById('image').textContent = 'image failed'"><script src="app.js"></script>`,
    );
  });
  const liveView = new WebSocketServer({ server: webUi });
  liveView.on('connection', (ws, req) => {
    devicePaths.push(req.url ?? '');
    ws.send('ready');
  });
  await new Promise<void>((resolve) => webUi.listen(0, '127.0.0.1', resolve));
  const webUiPort = (webUi.address() as AddressInfo).port;
  try {
    const enrolled = await run(['enroll', '--key', (await key.json()).key, '--server', process.env.E2E_BASE_URL!, '--data-dir', dataDir, '--quiet']);
    expect(enrolled.code, enrolled.output).toBe(0);
    const deviceId = /deviceId: "([^"]+)"/.exec(readFileSync(path.join(dataDir, 'agent.yaml'), 'utf8'))![1];
    // A running agent keeps its live channel open (a single `run --once` does not).
    agent = spawn(process.execPath, [AGENT, 'run', '--data-dir', dataDir], { stdio: 'ignore' });
    await expect
      .poll(async () => (await page.request.get(`/api/v1/system-tools/devices/${deviceId}/processes`, { headers: auth })).status(), { timeout: 60_000, message: 'the agent channel open' })
      .toBe(200);

    await page.goto(`/devices/${deviceId}`);
    await page.getByRole('tab', { name: 'Terminal' }).click();
    await page.getByRole('button', { name: 'Open terminal' }).click();
    await expect(page.getByTestId('terminal-status')).toHaveText('Connected.', { timeout: 30_000 });
    await page.getByTestId('terminal').click();
    await page.keyboard.type('echo e2e-$((20+22))-done');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('terminal')).toContainText('e2e-42-done', { timeout: 30_000 });

    await page.getByRole('button', { name: 'End session' }).click();
    await expect(page.getByTestId('terminal-status')).toContainText('Session ended', { timeout: 30_000 });

    await page.goto('/remote');
    const history = page.getByTestId('remote-history');
    await expect(history.getByRole('button', { name: /Transcript/ }).first()).toBeVisible({ timeout: 30_000 });
    const download = page.waitForEvent('download');
    await history.getByRole('button', { name: /Transcript/ }).first().click();
    const file = await download;
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text).toContain('e2e-42-done');

    await page.goto(`/devices/${deviceId}`);
    await page.getByRole('tab', { name: 'Web UI' }).click();
    await page.getByLabel('Port').fill(String(webUiPort));
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Open tunnel' }).click();
    const tab = await popup;
    await expect(tab.getByRole('heading', { name: `Printer admin ${tag}` })).toBeVisible({ timeout: 30_000 });
    expect(new URL(tab.url()).pathname).toMatch(/^\/api\/v1\/tunnel-http\/[0-9a-f-]+\/~cap\/[A-Za-z0-9_-]+\/$/);
    await expect(tab.locator('#script')).toHaveText('script ok', { timeout: 30_000 });
    await expect(tab.locator('#image')).toHaveText('image 1', { timeout: 30_000 });
    await expect(tab.locator('#fetch')).toHaveText('fetch 73%', { timeout: 30_000 });
    await expect(tab.locator('#socket')).toHaveText('socket ready', { timeout: 30_000 });
    // The device saw its own paths only, never the tunnel's token.
    expect(devicePaths).toEqual(expect.arrayContaining(['/', '/app.js', '/pixel.png', '/status.json', '/live']));
    expect(devicePaths.every((p) => !p.includes('~cap'))).toBe(true);
    await tab.close();
    await expect(page.getByTestId('tunnel-row')).toContainText(`127.0.0.1:${webUiPort}`);

    await page.goto('/remote');
    const row = page.getByTestId('tunnel-row').filter({ hasText: `127.0.0.1:${webUiPort}` });
    await expect(row).toBeVisible();
    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: /^Close tunnel/ }).click();
    await expect(row).toHaveCount(0);
  } finally {
    liveView.close();
    webUi.close();
    if (agent && agent.exitCode === null) agent.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
