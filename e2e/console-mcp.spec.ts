import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Mcp-Pass-7!';

test('a partner admin reads how to connect on the MCP page, and an MCP client connects with a key over both transports', async ({ page, baseURL }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `MCP MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  expect((await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Assisted ${tag}` } })).status()).toBe(201);
  const created = await page.request.post('/api/v1/api-keys', { headers: auth, data: { name: `Assistant ${tag}`, scopes: ['orgs:read', 'devices:read', 'alerts:read'] } });
  expect(created.status()).toBe(201);
  const key = (await created.json()).key as string;

  await page.goto('/settings');
  await page.getByRole('link', { name: /MCP server/ }).first().click();
  await expect(page.getByRole('heading', { name: 'MCP server', level: 1 })).toBeVisible();
  await expect(page.getByTestId('mcp-endpoint-streamable-http')).toHaveText(/\/api\/v1\/mcp$/);
  await expect(page.getByTestId('mcp-endpoint-sse-stream')).toHaveText(/\/api\/v1\/mcp\/sse$/);
  await expect(page.getByRole('figure', { name: /Client configuration/ })).toContainText('X-API-Key');
  const tools = page.getByRole('table', { name: 'MCP tools' });
  await expect(tools.getByRole('row', { name: /^create_ticket Create a ticket/ })).toContainText('tickets:write');
  await expect(tools.getByRole('row', { name: /^run_script / })).toContainText('destructive');
  await page.screenshot({ path: 'e2e/artifacts/console-mcp.png', fullPage: true });
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The built server streams the SSE transport through Next (no buffering) and relays nothing
  // here: one process. A real client over each transport, with the key.
  const headers = { 'x-api-key': key };
  const sse = new Client({ name: 'e2e', version: '1.0.0' });
  await sse.connect(new SSEClientTransport(new URL('/api/v1/mcp/sse', baseURL), { requestInit: { headers } }));
  const names = (await sse.listTools()).tools.map((t) => t.name);
  expect(names).toContain('list_organizations');
  expect(names).not.toContain('create_ticket');
  const orgs = await sse.callTool({ name: 'list_organizations', arguments: {} });
  expect(JSON.stringify(orgs.content)).toContain(`Assisted ${tag}`);
  await sse.close();

  const http = new Client({ name: 'e2e', version: '1.0.0' });
  await http.connect(new StreamableHTTPClientTransport(new URL('/api/v1/mcp', baseURL), { requestInit: { headers } }));
  expect((await http.listPrompts()).prompts).toHaveLength(5);
  await http.close();
});
