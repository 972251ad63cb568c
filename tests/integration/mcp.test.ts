// The MCP server, driven by the official SDK's Client over both of its transports (Streamable HTTP
// and SSE) against the real route handlers: initialize, tools, resources, prompts, refusals for
// what the key's scopes or partner do not reach, the IP allowlist, the service-management gate,
// audit entries, and an SSE session whose messages land on another web process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { db } from '@/lib/db';
import { McpSseSessions, mcpSseSessions } from '@/lib/mcp/sse-sessions';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { makeApiKey, withKey } from '../helpers/access';
import { seedDevice } from '../helpers/billing';
import { seedAlert } from '../helpers/alerts';
import { sseClient, streamableClient } from '../helpers/mcp';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let A: Partner;
let B: Partner;
let orgA: { id: string; partnerId: string };
let deviceA: { id: string; hostname: string };
let deviceB: { id: string };
let alertA: { id: string };
let fullKey: { id: string; key: string };
let readKey: { id: string; key: string };
let keyB: { id: string; key: string };
let adminToken: string;
const clients: Client[] = [];

const FULL_SCOPES = ['devices:read', 'devices:execute', 'alerts:read', 'alerts:write', 'tickets:read', 'tickets:write', 'scripts:read', 'patches:read', 'reports:read', 'orgs:read'] as const;

function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text?: string }[] }).content;
  return content.map((c) => c.text ?? '').join('');
}

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

beforeAll(async () => {
  A = await makePartner();
  B = await makePartner();
  const admin = await makePartnerUser(A);
  adminToken = await tokenFor(admin);
  orgA = await makeOrg(A.id, 'Acme');
  const orgB = await makeOrg(B.id, 'Other');
  deviceA = await seedDevice(orgA, { hostname: 'acme-ws-01' });
  deviceB = await seedDevice(orgB, { hostname: 'other-ws-01' });
  alertA = await seedAlert(orgA, { deviceId: deviceA.id, severity: 'critical', title: 'Disk almost full' });
  fullKey = await makeApiKey(admin, [...FULL_SCOPES]);
  readKey = await makeApiKey(admin, ['devices:read']);
  keyB = await makeApiKey(await makePartnerUser(B), ['devices:read', 'tickets:read', 'tickets:write']);
});

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await mcpSseSessions().stop();
});

describe('MCP over Streamable HTTP', () => {
  let client: Client;
  beforeAll(async () => {
    client = await streamableClient(fullKey.key);
    clients.push(client);
  });

  it('initializes with instructions and the tools, resources and prompts capabilities', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'rmm' });
    expect(client.getInstructions()).toContain('API key');
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, prompts: {} });
  });

  it('lists tools built from the routes’ metadata, with read-only and destructive hints', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()]).toEqual(expect.arrayContaining(['list_devices', 'get_device', 'list_alerts', 'acknowledge_alert', 'create_ticket', 'run_script', 'list_patches', 'get_executive_summary']));
    const getDevice = byName.get('get_device')!;
    expect(getDevice.description).toContain('devices:read');
    expect(getDevice.inputSchema).toMatchObject({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] });
    expect(getDevice.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.get('run_script')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get('run_device_command')!.annotations).toMatchObject({ destructiveHint: true });
    expect(byName.get('acknowledge_alert')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.get('create_ticket')!.inputSchema.properties).toHaveProperty('subject');
    // Scopes the key lacks: no tools for them (scripts:write, patches:approve …).
    expect(byName.has('approve_patch')).toBe(false);
  });

  it('calls tools through the routes with the key’s permissions and tenancy', async () => {
    const got = await client.callTool({ name: 'get_device', arguments: { id: deviceA.id } });
    expect(got.isError).toBeFalsy();
    expect(got.structuredContent).toMatchObject({ id: deviceA.id, hostname: 'acme-ws-01' });
    const list = await client.callTool({ name: 'list_devices', arguments: { limit: 10 } });
    expect(textOf(list)).toContain('acme-ws-01');
    expect(textOf(list)).not.toContain('other-ws-01');
    // Another partner's device: not found, as over HTTP.
    const foreign = await client.callTool({ name: 'get_device', arguments: { id: deviceB.id } });
    expect(foreign.isError).toBe(true);
    expect(textOf(foreign)).toContain('NOT_FOUND');
    const bad = await client.callTool({ name: 'list_devices', arguments: { limit: 'many' } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('VALIDATION_ERROR');
  });

  it('audits the tool calls that change things', async () => {
    const ack = await client.callTool({ name: 'acknowledge_alert', arguments: { id: alertA.id } });
    expect(ack.isError).toBeFalsy();
    expect((await db.alert.findUniqueOrThrow({ where: { id: alertA.id } })).status).toBe('acknowledged');
    const entry = await db.auditLog.findFirst({ where: { partnerId: A.id, action: 'mcp.tool_call', targetId: 'acknowledge_alert' } });
    expect(entry).toMatchObject({ result: 'success', actorType: 'api_key' });
    expect(entry!.details).toMatchObject({ tool: 'acknowledge_alert', status: 200 });
    // The route's own audit entry is written too, under the same request id.
    expect(await db.auditLog.count({ where: { requestId: entry!.requestId, action: { not: 'mcp.tool_call' } } })).toBeGreaterThan(0);
    // Reads are not audited.
    await client.callTool({ name: 'get_alert', arguments: { id: alertA.id } });
    expect(await db.auditLog.count({ where: { partnerId: A.id, action: 'mcp.tool_call', targetId: 'get_alert' } })).toBe(0);
  });

  it('creates tickets, and refuses with 409 service_management_off while the mode is off', async () => {
    const created = await client.callTool({ name: 'create_ticket', arguments: { orgId: orgA.id, subject: 'Disk on acme-ws-01', deviceId: deviceA.id } });
    expect(created.isError).toBeFalsy();
    expect(created.structuredContent).toMatchObject({ subject: 'Disk on acme-ws-01', orgId: orgA.id });
    await db.partner.update({ where: { id: A.id }, data: { serviceManagementMode: 'off' } });
    try {
      const refused = await client.callTool({ name: 'create_ticket', arguments: { orgId: orgA.id, subject: 'Refused' } });
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({ status: 409, error: { code: 'service_management_off' } });
      expect(await db.ticket.count({ where: { subject: 'Refused' } })).toBe(0);
      expect(await db.auditLog.count({ where: { partnerId: A.id, action: 'mcp.tool_call', targetId: 'create_ticket', result: 'failure' } })).toBe(1);
    } finally {
      await db.partner.update({ where: { id: A.id }, data: { serviceManagementMode: 'native' } });
    }
  });

  it('lists and reads device, alert and ticket resources by URI', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(['rmm://alerts/{id}', 'rmm://devices/{id}', 'rmm://tickets/{id}']);
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain(`rmm://devices/${deviceA.id}`);
    expect(uris).toContain(`rmm://alerts/${alertA.id}`);
    expect(uris).not.toContain(`rmm://devices/${deviceB.id}`);
    const read = await client.readResource({ uri: `rmm://devices/${deviceA.id}` });
    expect(read.contents[0]).toMatchObject({ uri: `rmm://devices/${deviceA.id}`, mimeType: 'application/json' });
    expect(JSON.parse(String((read.contents[0] as { text?: string }).text))).toMatchObject({ id: deviceA.id, hostname: 'acme-ws-01' });
    await expect(client.readResource({ uri: `rmm://devices/${deviceB.id}` })).rejects.toMatchObject({ code: -32002 });
    await expect(client.readResource({ uri: 'rmm://printers/1' })).rejects.toMatchObject({ code: -32002 });
  });

  it('offers the five guided workflows as prompts', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['triage_open_alerts', 'investigate_device', 'customer_patch_status', 'customer_weekly_summary', 'onboard_new_site']);
    const got = await client.getPrompt({ name: 'investigate_device', arguments: { deviceId: deviceA.id } });
    expect(got.messages[0]).toMatchObject({ role: 'user', content: { type: 'text' } });
    expect(JSON.stringify(got.messages)).toContain(deviceA.id);
    const site = await client.getPrompt({ name: 'onboard_new_site', arguments: { orgId: orgA.id, siteName: 'Berlin office' } });
    expect(JSON.stringify(site.messages)).toContain('Berlin office');
    await expect(client.getPrompt({ name: 'investigate_device', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    await expect(client.getPrompt({ name: 'no_such_prompt' })).rejects.toMatchObject({ code: -32602 });
  });
});

describe('refusals', () => {
  it('a narrow key sees only the tools and resources of its scopes, and cannot call the others', async () => {
    const client = await streamableClient(readKey.key);
    clients.push(client);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('get_device');
    expect(names).not.toContain('create_ticket');
    expect(names).not.toContain('list_alerts');
    expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(['rmm://devices/{id}']);
    await expect(client.callTool({ name: 'create_ticket', arguments: { orgId: orgA.id, subject: 'Nope' } })).rejects.toMatchObject({ code: -32602 });
    await expect(client.readResource({ uri: `rmm://alerts/${alertA.id}` })).rejects.toMatchObject({ code: -32002 });
    expect(await db.ticket.count({ where: { subject: 'Nope' } })).toBe(0);
    expect(await db.auditLog.count({ where: { partnerId: A.id, action: 'mcp.tool_call', targetId: 'create_ticket', result: 'denied' } })).toBe(1);
  });

  it('a key of another partner reaches none of this partner’s records', async () => {
    const client = await streamableClient(keyB.key);
    clients.push(client);
    const got = await client.callTool({ name: 'get_device', arguments: { id: deviceA.id } });
    expect(got.isError).toBe(true);
    expect(textOf(got)).toContain('NOT_FOUND');
    const ticket = await client.callTool({ name: 'create_ticket', arguments: { orgId: orgA.id, subject: 'Cross-partner' } });
    expect(ticket.isError).toBe(true);
    expect(await db.ticket.count({ where: { subject: 'Cross-partner' } })).toBe(0);
    await expect(client.readResource({ uri: `rmm://devices/${deviceA.id}` })).rejects.toMatchObject({ code: -32002 });
  });

  it('needs an API key; a user session is not one', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    expect((await api.post('/mcp', { body: init })).status).toBe(401);
    expect((await api.post('/mcp', { token: adminToken, body: init })).status).toBe(401);
    expect((await api.get('/mcp/sse')).status).toBe(401);
    expect((await api.get('/mcp', withKey(readKey.key))).status).toBe(405);
  });

  it('applies the partner IP allowlist to partner-scoped keys', async () => {
    const p = await makePartner();
    const key = await makeApiKey(await makePartnerUser(p), ['devices:read']);
    await db.partner.update({ where: { id: p.id }, data: { settings: { security: { ipAllowlist: ['203.0.113.0/24'] } } } });
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    const denied = await api.post('/mcp', { ...withKey(key.key), ip: '198.51.100.9', body: init });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('IP_NOT_ALLOWED');
    expect((await api.get('/mcp/sse', { ...withKey(key.key), ip: '198.51.100.9' })).status).toBe(403);
    await expect(streamableClient(key.key, '198.51.100.9')).rejects.toThrow();
    const allowed = await streamableClient(key.key, '203.0.113.7');
    clients.push(allowed);
    expect((await allowed.listTools()).tools.map((t) => t.name)).toContain('list_devices');
  });
});

describe('MCP over SSE', () => {
  it('serves a session over the event stream and the message endpoint', async () => {
    const { client } = await sseClient(fullKey.key);
    clients.push(client);
    expect(client.getInstructions()).toContain('API key');
    const [row] = await db.mcpSseSession.findMany({ where: { apiKeyId: fullKey.id } });
    expect(row).toBeTruthy();
    expect(mcpSseSessions().localSessions()).toContain(row.id);
    const got = await client.callTool({ name: 'get_device', arguments: { id: deviceA.id } });
    expect(got.structuredContent).toMatchObject({ id: deviceA.id });
    expect((await client.listPrompts()).prompts).toHaveLength(5);
    expect((await client.readResource({ uri: `rmm://devices/${deviceA.id}` })).contents).toHaveLength(1);

    // The session's message endpoint takes only the key that opened it.
    const ping = { jsonrpc: '2.0', id: 99, method: 'ping' };
    const foreign = await api.post(`/mcp/message?sessionId=${row.id}`, { ...withKey(keyB.key), body: ping });
    expect(foreign.status).toBe(404);
    const otherKey = await api.post(`/mcp/message?sessionId=${row.id}`, { ...withKey(readKey.key), body: ping });
    expect(otherKey.status).toBe(404);
    expect((await api.post(`/mcp/message?sessionId=${row.id}`, { body: ping })).status).toBe(401);
    expect((await api.post(`/mcp/message?sessionId=${crypto.randomUUID()}`, { ...withKey(fullKey.key), body: ping })).status).toBe(404);
    expect((await api.post(`/mcp/message?sessionId=${row.id}`, { ...withKey(fullKey.key), body: { jsonrpc: '1.0', method: 'ping' } })).status).toBe(400);
    expect((await api.post(`/mcp/message?sessionId=${row.id}`, { ...withKey(fullKey.key), body: { jsonrpc: '2.0', id: 3 } })).status).toBe(400);

    await client.close();
    await until(() => db.mcpSseSession.count({ where: { id: row.id } }), (n) => n === 0, 'the session row to go');
    expect(mcpSseSessions().localSessions()).not.toContain(row.id);
  });

  it('relays messages posted to another web process to the one holding the stream', async () => {
    const holder = mcpSseSessions();
    const { client } = await sseClient(fullKey.key);
    clients.push(client);
    const session = await db.mcpSseSession.findFirstOrThrow({ where: { apiKeyId: fullKey.id, processId: holder.processId } });
    // From here on, the POSTs are served by a second process's registry.
    const global = globalThis as unknown as { __rmmMcpSseSessions?: McpSseSessions };
    const other = new McpSseSessions();
    global.__rmmMcpSseSessions = other;
    try {
      const got = await client.callTool({ name: 'get_device', arguments: { id: deviceA.id } });
      expect(got.structuredContent).toMatchObject({ id: deviceA.id });
      // A message over the NOTIFY size limit goes through the relay table.
      const big = await client.callTool({ name: 'get_device', arguments: { id: deviceA.id, note: 'x'.repeat(9000) } });
      expect(big.structuredContent).toMatchObject({ id: deviceA.id });
      const prompt = await client.getPrompt({ name: 'onboard_new_site', arguments: { orgId: orgA.id, siteName: 'Berlin office' } });
      expect(JSON.stringify(prompt.messages)).toContain('Berlin office');
      expect(other.localSessions()).toEqual([]);
      expect(holder.localSessions()).toContain(session.id);
      // A key revoked mid-session stops at its next relayed message.
      await db.apiKey.update({ where: { id: fullKey.id }, data: { revokedAt: new Date() } });
      await expect(client.listTools()).rejects.toThrow(/revoked/);
    } finally {
      await db.apiKey.update({ where: { id: fullKey.id }, data: { revokedAt: null } });
      global.__rmmMcpSseSessions = holder;
      await other.stop();
    }
  });
});

describe('the catalogue for the console', () => {
  it('names the endpoints and the scope each tool and resource needs', async () => {
    const res = await api.get('/mcp/catalog', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.endpoints).toMatchObject({ sse: expect.stringMatching(/\/api\/v1\/mcp\/sse$/), message: expect.stringMatching(/\/api\/v1\/mcp\/message$/), streamableHttp: expect.stringMatching(/\/api\/v1\/mcp$/) });
    expect(res.body.tools).toContainEqual(expect.objectContaining({ name: 'create_ticket', permission: 'tickets:write', destructive: false, available: true }));
    expect(res.body.prompts).toHaveLength(5);
    const narrow = await api.get('/mcp/catalog', withKey(readKey.key));
    expect(narrow.body.tools).toContainEqual(expect.objectContaining({ name: 'create_ticket', available: false }));
  });
});
