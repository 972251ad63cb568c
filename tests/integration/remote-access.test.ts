// Remote access end to end with the real agent: a terminal (a real PTY through util-linux
// `script`), HTTP tunnels to a local web server, and the session lifecycle. The agent's channel
// is held by a second hub (a second web process on the same database) while the browser's
// terminal WebSocket and the proxied requests land on this process's server: every byte is
// relayed between the two, through PostgreSQL LISTEN/NOTIFY and then through Redis pub/sub.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { startRealAgent, eventually, type RealAgent } from '../helpers/real-agent';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { createKey, enroll } from '../helpers/agents';
import { makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { AgentChannelHub, agentChannelHub, resetAgentChannelHub } from '@/lib/agent-channel/hub';
import { db } from '@/lib/db';
import { RELAYS, useRelay } from '../helpers/relays';
import { tunnelTargetRefusal } from '../../agent/src/remote/tunnel';
import { tunnelCapabilityToken, tunnelCookieValue } from '@/lib/remote/tunnels';

let agent: RealAgent;
let remoteHub: AgentChannelHub;
let localServer: TestServer;
let target: Server;
let targetPort = 0;
const sockets: WebSocket[] = [];
/** What the device's web server was asked: method, path and query. */
const targetRequests: string[] = [];

interface Terminal {
  ws: WebSocket;
  output(): string;
  frames: { type: string; [k: string]: unknown }[];
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens the terminal WebSocket of `url` (a ws-ticket's) on `base`; resolves once upgraded. */
function connectTerminal(base: string, url: string): Promise<Terminal> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}${url}`);
    sockets.push(ws);
    let out = '';
    const frames: Terminal['frames'] = [];
    const closed = new Promise<{ code: number; reason: string }>((r) => ws.on('close', (code, reason) => r({ code, reason: String(reason) })));
    ws.on('message', (data, isBinary) => {
      if (isBinary) out += Buffer.from(data as Buffer).toString('utf8');
      else frames.push(JSON.parse(String(data)));
    });
    ws.on('open', () => resolve({ ws, output: () => out, frames, closed }));
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => reject(Object.assign(new Error(`refused ${res.statusCode}: ${body}`), { status: res.statusCode, body })));
    });
    ws.on('error', () => undefined);
  });
}

async function openTerminalSession(token: string, deviceId: string) {
  const session = await api.post('/remote/sessions', { token, body: { deviceId, type: 'terminal', cols: 80, rows: 24 } });
  expect(session.status, session.text).toBe(201);
  const ticket = await api.post(`/remote/sessions/${session.body.id}/ws-ticket`, { token, body: {} });
  expect(ticket.status, ticket.text).toBe(201);
  return { session: session.body, ticket: ticket.body };
}

/** A raw HTTP request to the test server (no redirect following, cookies as given). */
function raw(method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${localServer.url}${url}`, { method, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

// Both relays between web processes carry the same tests.
describe.each(RELAYS)('over the %s relay', (relay) => {
  beforeAll(async () => {
    useRelay(relay);
    remoteHub = new AgentChannelHub({ leaseSeconds: 30, pingSeconds: 5 });
    expect(remoteHub.relay.kind).toBe(relay);
    agent = await startRealAgent(path.join(mkdtempSync(path.join(os.tmpdir(), 'rmm-remote-')), 'data'), { hub: remoteHub });
    localServer = await startTestServer({ hub: agentChannelHub() });
    await agent.eventually(async () => (await db.agentChannelPresence.findUnique({ where: { deviceId: agent.deviceId } }))?.processId === remoteHub.processId, 'the agent channel open on the other process');
    // The "printer web UI" the tunnel reaches, on the device's loopback.
    target = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        targetRequests.push(`${req.method} ${req.url}`);
        if (req.url === '/redirect') return void res.writeHead(302, { location: '/hello?from=redirect' }).end();
        if (req.url === '/absolute') return void res.writeHead(302, { location: `http://127.0.0.1:${targetPort}/hello` }).end();
        // A device that builds its redirects from the prefix it is told it is served under.
        if (req.url === '/forwarded') return void res.writeHead(302, { location: `${req.headers['x-forwarded-prefix']}/hello?from=forwarded` }).end();
        if (req.url === '/private') return void res.writeHead(200, { 'cache-control': 'no-store, max-age=0' }).end('private');
        res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'printer_session=abc; Path=/; HttpOnly' });
        res.end(JSON.stringify({ method: req.method, url: req.url, body, headers: req.headers }));
      });
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    targetPort = (target.address() as { port: number }).port;
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.terminate();
    target?.close();
    await agent?.stop();
    await localServer?.stop();
    resetAgentChannelHub();
    useRelay(null);
  });

  describe('terminal sessions', () => {
    it('opens a real PTY on the device across two web processes, runs echo, resizes, and keeps the transcript', async () => {
      const { session, ticket } = await openTerminalSession(agent.admin, agent.deviceId);
      expect(session).toMatchObject({ status: 'pending', type: 'terminal', deviceId: agent.deviceId });
      expect(ticket.url).toBe(`/api/v1/remote/sessions/${session.id}/terminal?ticket=${encodeURIComponent(ticket.ticket)}`);
      // Stored hashed: the secret itself is nowhere in the database.
      expect(await db.remoteTicket.count({ where: { tokenHash: ticket.ticket } })).toBe(0);

      const term = await connectTerminal(localServer.url, ticket.url);
      await eventually(() => term.frames.some((f) => f.type === 'ready'), 'the terminal ready', 30_000, term.output);
      expect((await api.get(`/remote/sessions/${session.id}`, { token: agent.admin })).body.status).toBe('active');

      // $((6*7)) is evaluated by the shell: 42 appears only if a shell really ran it.
      term.ws.send(Buffer.from('echo rmm-$((6*7))-ok\n'));
      await eventually(() => term.output().includes('rmm-42-ok'), 'the echo output', 30_000, term.output);
      // A PTY, not a pipe: the shell sees a terminal, sized as asked, and resizable.
      term.ws.send(Buffer.from('tty; stty size\n'));
      await eventually(() => /\/dev\/pts\/\d+/.test(term.output()) && term.output().includes('24 80'), 'a pts of 80x24', 30_000, term.output);
      term.ws.send(JSON.stringify({ type: 'resize', cols: 120, rows: 40 }));
      await eventually(
        async () => {
          term.ws.send(Buffer.from('stty size\n'));
          await new Promise((r) => setTimeout(r, 200));
          return term.output().includes('40 120');
        },
        'the PTY resized to 120x40',
        30_000,
        term.output,
      );

      term.ws.send(Buffer.from('exit\n'));
      const closed = await term.closed;
      expect(closed.code).toBe(1000);
      expect(term.frames.some((f) => f.type === 'exit')).toBe(true);
      const ended = await eventually(async () => {
        const s = (await api.get(`/remote/sessions/${session.id}`, { token: agent.admin })).body;
        return s.status === 'ended' && s.transcript ? s : null;
      }, 'the session ended with its transcript');
      expect(ended.durationSeconds).toBeGreaterThanOrEqual(0);
      const transcript = await api.get(ended.transcript.url.replace('/api/v1', ''), { token: agent.admin });
      expect(transcript.status).toBe(200);
      expect(transcript.text).toContain('rmm-42-ok');
      const history = await api.get(`/remote/sessions/history?deviceId=${agent.deviceId}`, { token: agent.admin });
      expect(history.body.data.map((s: { id: string }) => s.id)).toContain(session.id);

      const events = await db.event.findMany({ where: { type: { in: ['remote.session.started', 'remote.session.ended'] }, orgId: agent.orgId } });
      const mine = events.filter((e) => (e.data as { sessionId?: string }).sessionId === session.id).map((e) => e.type);
      expect(mine.sort()).toEqual(['remote.session.ended', 'remote.session.started']);
      const audits = await db.auditLog.findMany({ where: { targetId: session.id }, select: { action: true, actorId: true } });
      expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['remote_session.create', 'remote_session.ws_ticket', 'remote_session.start', 'remote_session.end']));
      expect(audits.find((a) => a.action === 'remote_session.start')?.actorId).toBe(session.userId);
    });

    it('refuses a ticket used twice or expired, and one for another session', async () => {
      const { session, ticket } = await openTerminalSession(agent.admin, agent.deviceId);
      const first = await connectTerminal(localServer.url, ticket.url);
      await eventually(() => first.frames.some((f) => f.type === 'ready'), 'the terminal ready', 30_000, first.output);
      const again = await connectTerminal(localServer.url, ticket.url).catch((e: { status: number; body: string }) => e);
      expect((again as { status: number }).status).toBe(401);
      expect(JSON.parse((again as { body: string }).body).error.code).toBe('INVALID_TICKET');

      // POST …/end closes the viewer's socket, wherever it is held.
      const end = await api.post(`/remote/sessions/${session.id}/end`, { token: agent.admin, body: {} });
      expect(end.status, end.text).toBe(200);
      expect(end.body.status).toBe('ended');
      await first.closed;

      const second = await openTerminalSession(agent.admin, agent.deviceId);
      await db.remoteTicket.updateMany({ where: { sessionId: second.session.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      const late = await connectTerminal(localServer.url, second.ticket.url).catch((e: { status: number }) => e);
      expect((late as { status: number }).status).toBe(401);

      const third = await openTerminalSession(agent.admin, agent.deviceId);
      const wrong = await connectTerminal(localServer.url, third.ticket.url.replace(third.session.id, second.session.id)).catch((e: { status: number }) => e);
      expect((wrong as { status: number }).status).toBe(401);
      await api.post(`/remote/sessions/${second.session.id}/end`, { token: agent.admin, body: {} });
      await api.post(`/remote/sessions/${third.session.id}/end`, { token: agent.admin, body: {} });
    });

    it('answers 409 AGENT_OFFLINE for a device without a channel, and ends stale sessions', async () => {
      const key = await createKey(agent.admin, { orgId: agent.orgId });
      const silent = await enroll(key.key);
      const offline = await api.post('/remote/sessions', { token: agent.admin, body: { deviceId: silent.deviceId } });
      expect(offline.status).toBe(409);
      expect(offline.body.error.code).toBe('AGENT_OFFLINE');

      const { session } = await openTerminalSession(agent.admin, agent.deviceId);
      await db.remoteSession.update({ where: { id: session.id }, data: { createdAt: new Date(Date.now() - 3600_000) } });
      const stale = await api.delete('/remote/sessions/stale', { token: agent.admin });
      expect(stale.status, stale.text).toBe(200);
      expect(stale.body.ids).toContain(session.id);
      const after = await api.get(`/remote/sessions/${session.id}`, { token: agent.admin });
      expect(after.body).toMatchObject({ status: 'ended', endReason: 'stale: nobody connected' });
      // Never started: no remote.session.ended for it.
      const events = await db.event.findMany({ where: { type: 'remote.session.ended', orgId: agent.orgId } });
      expect(events.some((e) => (e.data as { sessionId?: string }).sessionId === session.id)).toBe(false);
    });
  });

  describe('HTTP tunnels', () => {
    it('proxies methods, headers, bodies and redirects to a web server the device reaches, with the cookie only', async () => {
      const created = await api.post('/tunnels', { token: agent.admin, body: { deviceId: agent.deviceId, targetHost: '127.0.0.1', targetPort } });
      expect(created.status, created.text).toBe(201);
      const tunnel = created.body;
      const { hostname } = await db.device.findUniqueOrThrow({ where: { id: agent.deviceId } });
      expect(tunnel.deviceHostname).toBe(hostname);
      // The console's lists: the device's open tunnels and every open one in scope, with the host.
      for (const query of [`?deviceId=${agent.deviceId}`, '']) {
        const listed = await api.get(`/tunnels${query}`, { token: agent.admin });
        expect(listed.body.data.find((t: { id: string }) => t.id === tunnel.id)).toMatchObject({ deviceHostname: hostname, status: 'open' });
      }
      expect((await api.get(`/tunnels/${tunnel.id}`, { token: agent.admin })).body.deviceHostname).toBe(hostname);
      const prefix = `/api/v1/tunnel-http/${tunnel.id}`;
      const minted = await api.post(`/tunnels/${tunnel.id}/http-ticket`, { token: agent.admin, body: {} });
      expect(minted.status, minted.text).toBe(201);
      expect(new Date(minted.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(4 * 60_000);

      const redeem = await raw('GET', minted.body.url);
      expect(redeem.status).toBe(303);
      expect(redeem.headers.location).toMatch(new RegExp(`^${prefix}/~cap/[A-Za-z0-9_-]+/$`));
      const setCookie = String(redeem.headers['set-cookie']);
      expect(setCookie).toContain(`Path=${prefix}/`);
      expect(setCookie).toContain('HttpOnly');
      const cookie = setCookie.split(';')[0];
      expect((await raw('GET', minted.body.url)).status).toBe(401);

      // The console's own credentials never reach the device.
      const get = await raw('GET', `${prefix}/hello?x=1`, { cookie: `${cookie}; rmm_refresh=secret; theme=dark`, authorization: `Bearer ${agent.admin}`, 'x-custom': 'kept' });
      expect(get.status, get.text).toBe(200);
      const seen = JSON.parse(get.text);
      expect(seen).toMatchObject({ method: 'GET', url: '/hello?x=1' });
      expect(seen.headers.authorization).toBeUndefined();
      expect(seen.headers.cookie).toBe('theme=dark');
      expect(seen.headers['x-custom']).toBe('kept');
      expect(seen.headers.host).toBe(`127.0.0.1:${targetPort}`);
      expect(String(get.headers['set-cookie'])).toContain(`Path=${prefix}/`);
      expect(String(get.headers['content-security-policy'])).toContain('sandbox');

      const post = await raw('POST', `${prefix}/submit`, { cookie, 'content-type': 'application/x-www-form-urlencoded' }, 'a=1&b=2');
      expect(JSON.parse(post.text)).toMatchObject({ method: 'POST', url: '/submit', body: 'a=1&b=2' });
      const redirect = await raw('GET', `${prefix}/redirect`, { cookie });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.location).toBe(`${prefix}/hello?from=redirect`);
      expect((await raw('GET', `${prefix}/absolute`, { cookie })).headers.location).toBe(`${prefix}/hello`);

      // Without the cookie, with only a bearer token, or with another tunnel's cookie: refused.
      expect((await raw('GET', `${prefix}/hello`)).status).toBe(401);
      expect((await raw('GET', `${prefix}/hello`, { authorization: `Bearer ${agent.admin}` })).status).toBe(401);
      const other = await api.post('/tunnels', { token: agent.admin, body: { deviceId: agent.deviceId, targetHost: '127.0.0.1', targetPort } });
      const onB = await raw('GET', `/api/v1/tunnel-http/${other.body.id}/hello`, { cookie });
      expect(onB.status).toBe(401);
      expect(JSON.parse(onB.text).error.code).toBe('TUNNEL_COOKIE_REQUIRED');

      // Closed: the cookie stops working.
      expect((await api.delete(`/tunnels/${tunnel.id}`, { token: agent.admin })).status).toBe(204);
      expect((await raw('GET', `${prefix}/hello`, { cookie })).status).toBe(404);
      const audits = await db.auditLog.findMany({ where: { targetId: tunnel.id }, select: { action: true } });
      expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['tunnel.create', 'tunnel.http_ticket', 'tunnel.close']));
    });

    it('serves the tunnel under the token in its path without a cookie, and the device never sees the token', async () => {
      const open = async () => {
        const created = await api.post('/tunnels', { token: agent.admin, body: { deviceId: agent.deviceId, targetHost: '127.0.0.1', targetPort } });
        expect(created.status, created.text).toBe(201);
        const minted = await api.post(`/tunnels/${created.body.id}/http-ticket`, { token: agent.admin, body: {} });
        const redeem = await raw('GET', `${minted.body.url}&lang=en`);
        expect(redeem.status).toBe(303);
        expect(redeem.headers['referrer-policy']).toBe('no-referrer');
        const location = String(redeem.headers.location);
        const match = new RegExp(`^/api/v1/tunnel-http/${created.body.id}/~cap/([A-Za-z0-9_-]+)/\\?lang=en$`).exec(location);
        expect(match, location).not.toBeNull();
        return { id: created.body.id as string, token: match![1], capPrefix: location.slice(0, location.indexOf('/?')) };
      };
      const a = await open();
      const b = await open();
      const plain = `/api/v1/tunnel-http/${a.id}`;

      // No cookie at all: the page, its fetches and form posts pass on the token alone.
      const referer = `${localServer.url}${a.capPrefix}/index.html`;
      const get = await raw('GET', `${a.capPrefix}/hello?x=1`, { referer, 'x-custom': 'kept' });
      expect(get.status, get.text).toBe(200);
      const seen = JSON.parse(get.text);
      expect(seen).toMatchObject({ method: 'GET', url: '/hello?x=1' });
      expect(seen.headers['x-custom']).toBe('kept');
      // The device is told the tunnel's plain path, and the page's Referer loses the token.
      expect(seen.headers['x-forwarded-prefix']).toBe(plain);
      expect(seen.headers.referer).toBe(`${localServer.url}${plain}/index.html`);
      expect(get.text).not.toContain(a.token);
      expect(targetRequests.filter((r) => r.includes('~cap') || r.includes(a.token))).toEqual([]);
      // The answer: cookie paths under the token's prefix, no Referer, never stored.
      expect(String(get.headers['set-cookie'])).toContain(`Path=${a.capPrefix}/`);
      expect(get.headers['referrer-policy']).toBe('no-referrer');
      expect(get.headers['cache-control']).toBe('private, no-store');
      expect((await raw('GET', `${a.capPrefix}/private`)).headers['cache-control']).toBe('no-store, max-age=0');
      const post = await raw('POST', `${a.capPrefix}/submit`, { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1');
      expect(JSON.parse(post.text)).toMatchObject({ method: 'POST', url: '/submit', body: 'a=1' });
      // The bare token prefix is completed with its slash.
      expect((await raw('GET', a.capPrefix)).headers.location).toBe(`${a.capPrefix}/`);

      // The sandboxed page is an opaque origin: its own calls (Origin: null) may read the answers
      // under the token, preflights answered here; never with credentials, never on the cookie form.
      const call = await raw('GET', `${a.capPrefix}/hello`, { origin: 'null' });
      expect(call.headers['access-control-allow-origin']).toBe('null');
      expect(call.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await raw('OPTIONS', `${a.capPrefix}/api/save`, { origin: 'null', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' });
      expect(preflight.status).toBe(204);
      expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': 'null', 'access-control-allow-methods': 'PUT', 'access-control-allow-headers': 'content-type' });
      expect(targetRequests).not.toContain('OPTIONS /api/save');
      expect((await raw('OPTIONS', `/api/v1/tunnel-http/${b.id}/~cap/${a.token}/api/save`, { origin: 'null', 'access-control-request-method': 'PUT' })).status).toBe(401);
      const bCookieForm = `rmm_tunnel=${Buffer.from(b.token, 'base64url').toString('utf8')}`;
      expect((await raw('GET', `/api/v1/tunnel-http/${b.id}/hello`, { origin: 'null', cookie: bCookieForm })).headers['access-control-allow-origin']).toBeUndefined();

      // Redirects stay under the token's prefix, whichever way the device built them.
      expect((await raw('GET', `${a.capPrefix}/redirect`)).headers.location).toBe(`${a.capPrefix}/hello?from=redirect`);
      expect((await raw('GET', `${a.capPrefix}/absolute`)).headers.location).toBe(`${a.capPrefix}/hello`);
      expect((await raw('GET', `${a.capPrefix}/forwarded`)).headers.location).toBe(`${a.capPrefix}/hello?from=forwarded`);

      // Tunnel A's token on tunnel B, an expired token, a tampered one: refused like a missing cookie,
      // and a bad token is not rescued by a valid cookie.
      const refused = async (url: string, headers: Record<string, string> = {}) => {
        const res = await raw('GET', url, headers);
        return { status: res.status, code: JSON.parse(res.text).error.code };
      };
      const unauthorized = { status: 401, code: 'TUNNEL_COOKIE_REQUIRED' };
      expect(await refused(`/api/v1/tunnel-http/${b.id}/~cap/${a.token}/hello`)).toEqual(unauthorized);
      const [userId, , mac] = Buffer.from(a.token, 'base64url').toString('utf8').split('.');
      const expired = tunnelCapabilityToken(tunnelCookieValue(a.id, userId, Date.now() - 2 * 60 * 60_000).value);
      expect(await refused(`${plain}/~cap/${expired}/hello`)).toEqual(unauthorized);
      const later = Math.floor(Date.now() / 1000) + 24 * 60 * 60;
      expect(await refused(`${plain}/~cap/${tunnelCapabilityToken(`${userId}.${later}.${mac}`)}/hello`)).toEqual(unauthorized);
      expect(await refused(`${plain}/~cap/${a.token.slice(0, -4)}/hello`)).toEqual(unauthorized);
      expect(await refused(`${plain}/~cap/not*a*token/hello`)).toEqual(unauthorized);
      const bCookie = `rmm_tunnel=${Buffer.from(b.token, 'base64url').toString('utf8')}`;
      expect(await refused(`/api/v1/tunnel-http/${b.id}/~cap/${a.token}/hello`, { cookie: bCookie })).toEqual(unauthorized);
      expect((await raw('GET', `/api/v1/tunnel-http/${b.id}/~cap/${b.token}/hello`)).status).toBe(200);

      // Closed: the token stops working.
      expect((await api.delete(`/tunnels/${a.id}`, { token: agent.admin })).status).toBe(204);
      expect(await refused(`${a.capPrefix}/hello`)).toEqual({ status: 404, code: 'NOT_FOUND' });
    });

    it('refuses targets outside the device and its LAN, on the server and on the agent', async () => {
      const publicTarget = await api.post('/tunnels', { token: agent.admin, body: { deviceId: agent.deviceId, targetHost: '8.8.8.8', targetPort: 80 } });
      expect(publicTarget.status).toBe(400);
      expect(publicTarget.body.error.code).toBe('TUNNEL_TARGET_NOT_ALLOWED');
      // A private address that is on none of the device's subnets passes the server's check and is
      // refused by the agent (nothing is sent to it).
      const offLan = ['10.255.255.254', '172.31.255.254', '192.168.255.254'].find((a) => tunnelTargetRefusal(a, 'lan') !== null)!;
      const tunnel = await api.post('/tunnels', { token: agent.admin, body: { deviceId: agent.deviceId, targetHost: offLan, targetPort: 80 } });
      expect(tunnel.status, tunnel.text).toBe(201);
      const minted = await api.post(`/tunnels/${tunnel.body.id}/http-ticket`, { token: agent.admin, body: {} });
      const cookie = String((await raw('GET', minted.body.url)).headers['set-cookie']).split(';')[0];
      const refused = await raw('GET', `/api/v1/tunnel-http/${tunnel.body.id}/`, { cookie });
      expect(refused.status).toBe(502);
      expect(JSON.parse(refused.text).error.code).toBe('TUNNEL_TARGET_NOT_ALLOWED');
    });
  });

  describe('tenancy', () => {
    it('answers 404 to another tenant on every remote-access route', async () => {
      const { session } = await openTerminalSession(agent.admin, agent.deviceId);
      const tunnel = (await api.post('/tunnels', { token: agent.admin, body: { deviceId: agent.deviceId, targetHost: '127.0.0.1', targetPort } })).body;
      const other = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
      const s = `/remote/sessions/${session.id}`;
      for (const [method, url, body] of [
        ['post', '/remote/sessions', { deviceId: agent.deviceId }],
        ['get', s, undefined],
        ['post', `${s}/ws-ticket`, {}],
        ['post', `${s}/end`, {}],
        ['get', `${s}/transcript`, undefined],
        ['post', `${s}/desktop-connect-code`, {}],
        ['post', `${s}/offer`, { sdp: 'v=0' }],
        ['post', `${s}/ice`, { candidates: [{ candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host' }] }],
        ['post', '/tunnels', { deviceId: agent.deviceId, targetPort: 80 }],
        ['get', `/tunnels/${tunnel.id}`, undefined],
        ['delete', `/tunnels/${tunnel.id}`, undefined],
        ['post', `/tunnels/${tunnel.id}/http-ticket`, {}],
      ] as const) {
        const res = method === 'get' ? await api.get(url, { token: other }) : method === 'delete' ? await api.delete(url, { token: other }) : await api.post(url, { token: other, body });
        expect(res.status, `${method} ${url}: ${res.text}`).toBe(404);
      }
      const lists = await api.get('/remote/sessions/history', { token: other });
      expect(lists.body.data).toEqual([]);
      expect((await api.delete('/remote/sessions/stale', { token: other })).body.ids).not.toContain(session.id);
      await api.post(`${s}/end`, { token: agent.admin, body: {} });
    });
  });
});
