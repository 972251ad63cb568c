// Plugins end to end: the catalogue (shipped and operator-added manifests), installation with
// an explicit consent and a schema-checked configuration, the scoped credential and partner-wide
// subscription it creates, configure / disable / enable / uninstall really taking effect, the
// merged logs, permission gates and tenancy. The chat plugin's backend is the sandbox of
// sandbox/chat-plugin run as its own process: it receives the signed alert.triggered delivery,
// reads the alert's device through the API with its credential and posts a chat message.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { makeRole, withKey } from '../helpers/access';
import { seedDevice } from '../helpers/billing';
import { runDueJobs } from '../helpers/jobs';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { env, resetEnvCache } from '@/lib/env';
import { prunePluginApiCalls } from '@/lib/plugins/prune-plugin-api-calls';
import { configSchemaProblems } from '@/lib/plugins/config-schema';
import { db } from '@/lib/db';
import { raiseAlertInTx } from '@/lib/alerts/raise-alert';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let sandbox: ChildProcess;
let sandboxUrl: string;
let server: TestServer;
let partner: Partner;
let org: { id: string; partnerId: string };
let admin: string;
let operator: string;
let outsider: string;

const CHAT_SCHEMA = {
  type: 'object',
  properties: {
    channel: { type: 'string', minLength: 1, default: '#alerts' },
    minimumSeverity: { type: 'string', enum: ['info', 'low', 'medium', 'high', 'critical'], default: 'medium' },
    mention: { type: 'string', maxLength: 80 },
    includeResolved: { type: 'boolean', default: true },
  },
  required: ['channel'],
};
const chatManifest = () => ({
  slug: 'chat-sandbox',
  name: 'Chat (sandbox)',
  publisher: 'Sandbox Inc.',
  version: '1.0.0',
  scopes: ['alerts:read', 'devices:read'],
  events: ['alert.triggered', 'alert.resolved'],
  configSchema: CHAT_SCHEMA,
  webhookUrl: `${sandboxUrl}/events`,
  pageUrl: `${sandboxUrl}/`,
});
const consent = { scopes: ['devices:read', 'alerts:read'], events: ['alert.resolved', 'alert.triggered'] };

async function startSandboxProcess(): Promise<{ child: ChildProcess; url: string }> {
  const root = path.resolve(import.meta.dirname, '../..');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/plugins-sandbox.ts')], {
    cwd: root,
    env: { ...process.env, CHAT_PLUGIN_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`chat sandbox exited with ${code}`)));
  });
  return { child, url: (JSON.parse(first) as { url: string }).url };
}

async function chatMessages(): Promise<{ channel: string; text: string }[]> {
  return ((await (await fetch(`${sandboxUrl}/chat/messages`)).json()) as { data: { channel: string; text: string }[] }).data;
}

async function raise(severity: 'critical' | 'high' | 'low', deviceId: string, title: string) {
  return db.$transaction((tx) =>
    raiseAlertInTx(tx, { partnerId: org.partnerId, orgId: org.id, siteId: null, deviceId, ruleId: null, monitorId: null, openKey: `test:${title}`, severity, title, message: title, source: 'rule', context: {} }),
  );
}

async function install(body: Record<string, unknown>, token = admin) {
  return api.post('/plugins/installations', { token, body });
}

beforeAll(async () => {
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  [{ child: sandbox, url: sandboxUrl }, server] = await Promise.all([startSandboxProcess(), startTestServer()]);
  partner = await makePartner();
  org = await makeOrg(partner.id);
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  operator = await tokenFor(await makePlatformAdmin(), { mfa: true });
  outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
  const added = await api.post('/plugins/catalog', { token: operator, body: chatManifest() });
  expect(added.status, added.text).toBe(201);
});

afterAll(async () => {
  sandbox?.kill('SIGTERM');
  await server?.stop();
});

describe('catalogue', () => {
  it('lists the shipped manifests and the operator\'s, and reads one by slug', async () => {
    const list = await api.get('/plugins/catalog', { token: admin });
    expect(list.status).toBe(200);
    const slugs = list.body.data.map((m: Json) => m.slug);
    expect(slugs).toEqual(expect.arrayContaining(['chat-notifications', 'cmdb-sync', 'fleet-status-board', 'chat-sandbox']));
    expect(list.body.data.find((m: Json) => m.slug === 'chat-notifications')).toMatchObject({ shipped: true, scopes: ['alerts:read', 'devices:read'] });
    for (const m of list.body.data) expect(configSchemaProblems(m.configSchema), m.slug).toEqual([]);
    const one = await api.get('/plugins/catalog/chat-sandbox', { token: admin });
    expect(one.body).toMatchObject({ slug: 'chat-sandbox', shipped: false, events: ['alert.resolved', 'alert.triggered'], webhookUrl: `${sandboxUrl}/events` });
    expect((await api.get('/plugins/catalog/no-such-plugin', { token: admin })).status).toBe(404);
  });

  it('lets only system operators add manifests, and validates them', async () => {
    const asPartner = await api.post('/plugins/catalog', { token: admin, body: { ...chatManifest(), slug: 'partner-made' } });
    expect(asPartner.status).toBe(403);
    const badSchema = await api.post('/plugins/catalog', { token: operator, body: { ...chatManifest(), slug: 'bad-schema', configSchema: { type: 'object', properties: { x: { type: 'array' }, y: { type: 'string', $ref: '#/x' } } } } });
    expect(badSchema.status).toBe(400);
    expect(badSchema.body.error.code).toBe('INVALID_CONFIG_SCHEMA');
    expect(badSchema.body.error.details.map((d: Json) => d.path)).toEqual(expect.arrayContaining(['body.configSchema.properties.x.type', 'body.configSchema.properties.y.$ref']));
    const badScope = await api.post('/plugins/catalog', { token: operator, body: { ...chatManifest(), slug: 'bad-scope', scopes: ['root:everything'] } });
    expect(badScope.status).toBe(400);
    const minting = await api.post('/plugins/catalog', { token: operator, body: { ...chatManifest(), slug: 'minting', scopes: ['devices:read', 'api_keys:manage'] } });
    expect(minting.body.error.details[0].path).toBe('body.scopes.1');
    const noUrl = await api.post('/plugins/catalog', { token: operator, body: { ...chatManifest(), slug: 'no-url', webhookUrl: null } });
    expect(noUrl.status).toBe(400);
    const metadata = await api.post('/plugins/catalog', { token: operator, body: { ...chatManifest(), slug: 'metadata', webhookUrl: 'http://169.254.169.254/latest' } });
    expect(metadata.body.error.code).toBe('INVALID_WEBHOOK_URL');
    expect((await api.post('/plugins/catalog', { token: operator, body: chatManifest() })).status).toBe(409);
    expect((await api.post('/plugins/catalog', { token: operator, body: { ...chatManifest(), slug: 'chat-notifications' } })).body.error.code).toBe('PLUGIN_SLUG_TAKEN');
  });
});

describe('installation', () => {
  it('refuses without an explicit consent naming exactly the scopes and events', async () => {
    const none = await install({ slug: 'chat-sandbox', config: { channel: '#ops' } });
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('PLUGIN_CONSENT_REQUIRED');
    const fewer = await install({ slug: 'chat-sandbox', consent: { scopes: ['alerts:read'], events: consent.events }, config: { channel: '#ops' } });
    expect(fewer.body.error).toMatchObject({ code: 'PLUGIN_CONSENT_REQUIRED', details: [{ path: 'body.consent.scopes' }] });
    const more = await install({ slug: 'chat-sandbox', consent: { scopes: [...consent.scopes, 'devices:execute'], events: consent.events }, config: { channel: '#ops' } });
    expect(more.status).toBe(400);
    const events = await install({ slug: 'chat-sandbox', consent: { scopes: consent.scopes, events: ['alert.triggered'] }, config: { channel: '#ops' } });
    expect(events.body.error.details[0].path).toBe('body.consent.events');
    expect(await db.pluginInstallation.count({ where: { partnerId: partner.id } })).toBe(0);
  });

  it('refuses a configuration that does not match the schema', async () => {
    const wrong = await install({ slug: 'chat-sandbox', consent, config: { channel: '', minimumSeverity: 'apocalyptic', colour: 'red' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('INVALID_PLUGIN_CONFIG');
    expect(wrong.body.error.details.map((d: Json) => d.path)).toEqual(expect.arrayContaining(['body.config']));
    const badEnum = await install({ slug: 'chat-sandbox', consent, config: { channel: '#ops', minimumSeverity: 'apocalyptic' } });
    expect(badEnum.body.error.details[0].path).toBe('body.config.minimumSeverity');
  });

  it('gates by permission, full organization access and the installer\'s own permissions', async () => {
    const technician = await tokenFor(await makePartnerUser(partner, { role: 'Technician' }), { mfa: true });
    expect((await install({ slug: 'chat-sandbox', consent, config: { channel: '#ops' } }, technician)).status).toBe(403);
    expect((await api.get('/plugins/installations', { token: technician })).status).toBe(200);
    const selected = await tokenFor(await makePartnerUser(partner, { orgAccess: 'selected', orgIds: [org.id] }), { mfa: true });
    const narrow = await install({ slug: 'chat-sandbox', consent, config: { channel: '#ops' } }, selected);
    expect(narrow.body.error.code).toBe('FULL_PARTNER_ACCESS_REQUIRED');
    expect((await api.get('/plugins/installations', { token: selected })).body.data).toEqual([]);
    const role = await makeRole(partner, ['plugins:read', 'plugins:manage', 'devices:read']);
    partner.roles[role.name] = role.id;
    const noAlerts = await tokenFor(await makePartnerUser(partner, { role: role.name }), { mfa: true });
    const escalation = await install({ slug: 'chat-sandbox', consent, config: { channel: '#ops' } }, noAlerts);
    expect(escalation.status).toBe(403);
    expect(escalation.body.error.code).toBe('PRIVILEGE_ESCALATION');
    expect(await db.pluginInstallation.count({ where: { partnerId: partner.id } })).toBe(0);
  });
});

describe('the chat plugin end to end', () => {
  let installation: Json;
  let apiKey: string;

  it('installs with a scoped credential and a partner-wide subscription, shown once', async () => {
    const res = await install({ slug: 'chat-sandbox', consent, config: { channel: '#noc', mention: '@oncall' } });
    expect(res.status, res.text).toBe(201);
    installation = res.body;
    apiKey = res.body.credentials.apiKey;
    expect(installation).toMatchObject({ slug: 'chat-sandbox', status: 'enabled', scopes: ['alerts:read', 'devices:read'], config: { channel: '#noc', minimumSeverity: 'medium', includeResolved: true, mention: '@oncall' } });
    expect(apiKey).toMatch(/^rmm_ak_/);
    const row = await db.pluginInstallation.findUniqueOrThrow({ where: { id: installation.id }, include: { apiKey: true, webhook: true } });
    expect(row.apiKey!.scopes).toEqual(['alerts:read', 'devices:read']);
    expect(row.webhook).toMatchObject({ orgId: null, partnerId: partner.id, status: 'active', events: ['alert.resolved', 'alert.triggered'] });
    expect(row.webhook!.secretSealed).not.toContain(res.body.credentials.webhookSecret);
    // Never shown again, and not among the user's API keys.
    const read = await api.get(`/plugins/installations/${installation.id}`, { token: admin });
    expect(JSON.stringify(read.body)).not.toContain(apiKey);
    expect(read.body.credentialPrefix).toBe(apiKey.slice(0, 15));
    const keys = await api.get('/api-keys', { token: admin });
    expect(keys.body.data.map((k: Json) => k.id)).not.toContain(row.apiKeyId);
    expect((await install({ slug: 'chat-sandbox', consent, config: { channel: '#x' } })).body.error.code).toBe('PLUGIN_ALREADY_INSTALLED');
    const audit = await db.auditLog.findFirstOrThrow({ where: { targetId: installation.id, action: 'plugin.install' } });
    expect(audit.details).toMatchObject({ consentedScopes: ['alerts:read', 'devices:read'] });
  });

  it('cannot do more than its scopes', async () => {
    expect((await api.get('/plugins/catalog', withKey(apiKey))).status).toBe(403);
    expect((await api.get('/scripts', withKey(apiKey))).status).toBe(403);
    expect((await api.get(`/plugins/installations/${installation.id}`, withKey(apiKey))).status).toBe(200);
  });

  it('posts a triggered alert into the chat with the device name read through the API', async () => {
    const connected = await fetch(`${sandboxUrl}/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiBaseUrl: `${server.url}/api/v1`, installationId: installation.id, apiKey, webhookSecret: installation.credentials.webhookSecret }),
    });
    expect(connected.status).toBe(204);
    const device = await seedDevice(org, { hostname: 'web-frontend-07', osType: 'linux' });
    const before = (await chatMessages()).length;
    const alert = await raise('critical', device.id, 'Disk almost full');
    expect(alert).not.toBeNull();
    await runDueJobs();
    const messages = (await chatMessages()).slice(before);
    expect(messages).toEqual([{ channel: '#noc', text: '@oncall 🔴 [CRITICAL] Disk almost full on web-frontend-07 (linux)', at: expect.any(String) }]);

    const logs = await api.get(`/plugins/installations/${installation.id}/logs`, { token: admin });
    expect(logs.status).toBe(200);
    const entries = logs.body.data as Json[];
    expect(entries.filter((e) => e.kind === 'api_call').map((e) => `${e.method} ${e.route} ${e.status}`)).toEqual(
      expect.arrayContaining(['GET /api/v1/plugins/installations/[id] 200', 'GET /api/v1/alerts/[id] 200', 'GET /api/v1/devices/[id] 200']),
    );
    expect(entries.find((e) => e.kind === 'delivery')).toMatchObject({ event: 'alert.triggered', status: 'delivered', responseStatus: 200, attempt: 1 });
    const onlyDeliveries = await api.get(`/plugins/installations/${installation.id}/logs`, { token: admin, query: { kind: 'delivery', limit: 1 } });
    expect(onlyDeliveries.body.data).toHaveLength(1);
    expect(onlyDeliveries.body.pagination.total).toBe(1);
  });

  it('applies a new configuration, validated against the schema', async () => {
    const bad = await api.patch(`/plugins/installations/${installation.id}`, { token: admin, body: { config: { channel: '#noc', minimumSeverity: 'loud' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_PLUGIN_CONFIG');
    const ok = await api.patch(`/plugins/installations/${installation.id}`, { token: admin, body: { config: { channel: '#quiet', minimumSeverity: 'critical' } } });
    expect(ok.status).toBe(200);
    expect(ok.body.config).toEqual({ channel: '#quiet', minimumSeverity: 'critical', includeResolved: true });
    const device = await seedDevice(org, { hostname: 'db-02' });
    const before = (await chatMessages()).length;
    await raise('low', device.id, 'Low-severity noise');
    await raise('critical', device.id, 'Database down');
    await runDueJobs();
    expect((await chatMessages()).slice(before).map((m) => `${m.channel} ${m.text}`)).toEqual(['#quiet 🔴 [CRITICAL] Database down on db-02 (windows)']);
  });

  it('disable refuses the credential and stops deliveries; enable resumes both', async () => {
    const off = await api.post(`/plugins/installations/${installation.id}/disable`, { token: admin });
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('disabled');
    const refused = await api.get(`/plugins/installations/${installation.id}`, withKey(apiKey));
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('PLUGIN_DISABLED');
    const device = await seedDevice(org, { hostname: 'paused-01' });
    const deliveriesBefore = await db.webhookDelivery.count({ where: { webhookId: (await db.pluginInstallation.findUniqueOrThrow({ where: { id: installation.id } })).webhookId! } });
    const before = (await chatMessages()).length;
    await raise('critical', device.id, 'While disabled');
    await runDueJobs();
    expect((await chatMessages()).length).toBe(before);
    expect(await db.webhookDelivery.count({ where: { webhookId: (await db.pluginInstallation.findUniqueOrThrow({ where: { id: installation.id } })).webhookId! } })).toBe(deliveriesBefore);
    const logs = await api.get(`/plugins/installations/${installation.id}/logs`, { token: admin, query: { kind: 'api_call' } });
    expect(logs.body.data[0]).toMatchObject({ status: '401', route: `/api/v1/plugins/installations/${installation.id}` });

    const on = await api.post(`/plugins/installations/${installation.id}/enable`, { token: admin });
    expect(on.body.status).toBe('enabled');
    expect((await api.get(`/plugins/installations/${installation.id}`, withKey(apiKey))).status).toBe(200);
    await raise('critical', device.id, 'After enabling');
    await runDueJobs();
    expect((await chatMessages()).slice(before).map((m) => m.text)).toEqual(['🔴 [CRITICAL] After enabling on paused-01 (windows)']);
  });

  it('refuses deliveries with a wrong signature at the plugin', async () => {
    const forged = await fetch(`${sandboxUrl}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-signature': `sha256=${'0'.repeat(64)}`, 'x-service-signature-timestamp': String(Date.now()) },
      body: JSON.stringify({ id: 'x', type: 'alert.triggered', data: { alertId: 'x' } }),
    });
    expect(forged.status).toBe(401);
  });

  it('is invisible to another partner (404, nothing changed)', async () => {
    const before = await db.pluginInstallation.findUniqueOrThrow({ where: { id: installation.id } });
    for (const [method, suffix] of [['get', ''], ['get', '/logs'], ['patch', ''], ['post', '/disable'], ['post', '/enable'], ['delete', '']] as const) {
      const res = await api[method](`/plugins/installations/${installation.id}${suffix}`, { token: outsider, body: method === 'patch' ? { config: { channel: '#x' } } : undefined });
      expect(res.status, `${method} ${suffix}`).toBe(404);
    }
    expect((await api.get('/plugins/installations', { token: outsider })).body.data).toEqual([]);
    expect(await db.pluginInstallation.findUniqueOrThrow({ where: { id: installation.id } })).toEqual(before);
  });

  it('prunes API-call log lines past the retention', async () => {
    const calls = await db.pluginApiCall.count({ where: { installationId: installation.id } });
    expect(calls).toBeGreaterThan(0);
    expect(await prunePluginApiCalls()).toBe(0);
    const later = new Date(Date.now() + (env().WEBHOOK_DELIVERY_RETENTION_DAYS + 1) * 86_400_000);
    expect(await prunePluginApiCalls(later)).toBeGreaterThanOrEqual(calls);
    expect(await db.pluginApiCall.count({ where: { installationId: installation.id } })).toBe(0);
  });

  it('uninstall revokes the credential and deletes the subscription', async () => {
    const row = await db.pluginInstallation.findUniqueOrThrow({ where: { id: installation.id } });
    const res = await api.delete(`/plugins/installations/${installation.id}`, { token: admin });
    expect(res.status).toBe(204);
    expect((await api.get(`/plugins/installations/${installation.id}`, { token: admin })).status).toBe(404);
    expect((await api.get(`/alerts`, withKey(apiKey))).status).toBe(401);
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: row.apiKeyId! } })).toMatchObject({ revokedReason: 'plugin_uninstalled' });
    expect(await db.webhook.findUnique({ where: { id: row.webhookId! } })).toBeNull();
    const before = (await chatMessages()).length;
    await raise('critical', (await seedDevice(org)).id, 'After uninstall');
    await runDueJobs();
    expect((await chatMessages()).length).toBe(before);
    expect(await db.auditLog.count({ where: { targetId: installation.id, action: 'plugin.uninstall' } })).toBe(1);
  });
});
