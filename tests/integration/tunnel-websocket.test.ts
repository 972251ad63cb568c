// WebSockets through an HTTP tunnel, end to end: a real WebSocket server (the `ws` package) on the
// device's loopback, the real agent, its channel held by a second web process, and the browser's
// WebSocket on this process's server, so every frame is relayed between the two processes
// (PostgreSQL LISTEN/NOTIFY, then Redis pub/sub). The upgrade takes the tunnel's own credential
// only: the token in the path (/~cap/<token>/) or the cookie.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket, { WebSocketServer, type RawData } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { startRealAgent, type RealAgent } from '../helpers/real-agent';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { AgentChannelHub, agentChannelHub, resetAgentChannelHub } from '@/lib/agent-channel/hub';
import { db } from '@/lib/db';
import { RELAYS, useRelay } from '../helpers/relays';

let agent: RealAgent;
let remoteHub: AgentChannelHub;
let localServer: TestServer;
let deviceUi: Server;
let wss: WebSocketServer;
let uiPort = 0;
const upgrades: { url: string; headers: IncomingHttpHeaders }[] = [];
const deviceSockets: WebSocket[] = [];
const browserSockets: WebSocket[] = [];

/** A browser's WebSocket: resolves once upgraded, with its messages in order. */
function connect(url: string, headers: Record<string, string>) {
  return new Promise<{ ws: WebSocket; next(): Promise<{ data: Buffer; binary: boolean }>; closed: Promise<number> }>((resolve, reject) => {
    const ws = new WebSocket(`${localServer.url.replace('http', 'ws')}${url}`, { headers, perMessageDeflate: false });
    browserSockets.push(ws);
    const queue: { data: Buffer; binary: boolean }[] = [];
    const waiting: ((m: { data: Buffer; binary: boolean }) => void)[] = [];
    ws.on('message', (data: RawData, binary: boolean) => {
      const m = { data: Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]), binary };
      const w = waiting.shift();
      if (w) w(m);
      else queue.push(m);
    });
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('open', () => resolve({ ws, closed, next: () => new Promise((r) => (queue.length ? r(queue.shift()!) : waiting.push(r))) }));
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => reject(Object.assign(new Error(`refused ${res.statusCode}: ${body}`), { status: res.statusCode, body })));
    });
    ws.on('error', () => undefined);
  });
}

/** The status and error code of an upgrade the server refuses. */
async function refusal(url: string, headers: Record<string, string> = {}): Promise<{ status: number; code: string }> {
  const error = (await connect(url, headers).then(
    () => null,
    (e: unknown) => e,
  )) as { status: number; body: string } | null;
  if (!error) throw new Error(`${url} was upgraded`);
  return { status: error.status, code: JSON.parse(error.body).error.code };
}

async function openTunnel(targetPort: number): Promise<{ id: string; cookie: string; capPrefix: string; token: string }> {
  const created = await api.post('/tunnels', { token: agent.admin, body: { deviceId: agent.deviceId, targetHost: '127.0.0.1', targetPort } });
  expect(created.status, created.text).toBe(201);
  const minted = await api.post(`/tunnels/${created.body.id}/http-ticket`, { token: agent.admin, body: {} });
  const redeemed = await fetch(`${localServer.url}${minted.body.url}`, { redirect: 'manual' });
  expect(redeemed.status).toBe(303);
  const capPrefix = String(redeemed.headers.get('location')).replace(/\/$/, '');
  const token = capPrefix.split('/').at(-1)!;
  expect(capPrefix).toBe(`/api/v1/tunnel-http/${created.body.id}/~cap/${token}`);
  return { id: created.body.id, cookie: String(redeemed.headers.get('set-cookie')).split(';')[0], capPrefix, token };
}

describe.each(RELAYS)('over the %s relay', (relay) => {
  beforeAll(async () => {
    useRelay(relay);
    remoteHub = new AgentChannelHub({ leaseSeconds: 30, pingSeconds: 5 });
    agent = await startRealAgent(path.join(mkdtempSync(path.join(os.tmpdir(), 'rmm-tunnel-ws-')), 'data'), { hub: remoteHub });
    localServer = await startTestServer({ hub: agentChannelHub() });
    await agent.eventually(async () => (await db.agentChannelPresence.findUnique({ where: { deviceId: agent.deviceId } }))?.processId === remoteHub.processId, 'the agent channel open on the other process');
    // The device's web UI: a page server whose live view is a WebSocket that greets, then echoes;
    // `/refused` is not a WebSocket endpoint (answered 403 with a body).
    deviceUi = createServer((_req, res) => res.writeHead(200).end('ui'));
    wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
    deviceUi.on('upgrade', (req, socket, head) => {
      if (req.url === '/refused') return void socket.end('HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\ncontent-length: 7\r\nconnection: close\r\n\r\nno live');
      upgrades.push({ url: req.url ?? '', headers: req.headers });
      wss.handleUpgrade(req, socket, head, (ws) => {
        deviceSockets.push(ws);
        ws.send(JSON.stringify({ hello: req.url }));
        ws.on('message', (data, binary) => {
          if (String(data) === 'bye') return ws.close(4001, 'bye');
          ws.send(data, { binary });
        });
      });
    });
    await new Promise<void>((r) => deviceUi.listen(0, '127.0.0.1', r));
    uiPort = (deviceUi.address() as { port: number }).port;
  }, 120_000);

  afterAll(async () => {
    for (const s of [...browserSockets, ...deviceSockets]) s.terminate();
    wss?.close();
    deviceUi?.close();
    await agent?.stop();
    await localServer?.stop();
    resetAgentChannelHub();
    useRelay(null);
  });

  it('carries a WebSocket both ways through the agent, large frames included, without the console credentials', async () => {
    const tunnel = await openTunnel(uiPort);
    const prefix = `/api/v1/tunnel-http/${tunnel.id}`;
    const browser = await connect(`${prefix}/live?view=ports`, { cookie: `${tunnel.cookie}; rmm_refresh=secret; ui_session=7`, authorization: `Bearer ${agent.admin}`, origin: localServer.url });
    expect(JSON.parse(String((await browser.next()).data))).toEqual({ hello: '/live?view=ports' });
    const seen = upgrades.at(-1)!;
    expect(seen.headers.cookie).toBe('ui_session=7');
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers.host).toBe(`127.0.0.1:${uiPort}`);
    expect(seen.headers['x-forwarded-prefix']).toBe(prefix);

    browser.ws.send('ping');
    expect(await browser.next()).toEqual({ data: Buffer.from('ping'), binary: false });
    // 3 MiB each way: many times the stream's 256 KiB window, so credit is spent and given back.
    const big = randomBytes(3 * 1024 * 1024);
    browser.ws.send(big);
    const echoed = await browser.next();
    expect(echoed.binary).toBe(true);
    expect(createHash('sha256').update(echoed.data).digest('hex')).toBe(createHash('sha256').update(big).digest('hex'));

    // The device closing its end closes the browser's, with the device's close code.
    browser.ws.send('bye');
    expect(await browser.closed).toBe(4001);
  });

  it('refuses an upgrade without the tunnel cookie, with a bearer token only, or with another tunnel cookie', async () => {
    const a = await openTunnel(uiPort);
    const b = await openTunnel(uiPort);
    const before = upgrades.length;
    expect(await refusal(`/api/v1/tunnel-http/${a.id}/live`)).toEqual({ status: 401, code: 'TUNNEL_COOKIE_REQUIRED' });
    expect(await refusal(`/api/v1/tunnel-http/${a.id}/live`, { authorization: `Bearer ${agent.admin}` })).toEqual({ status: 401, code: 'TUNNEL_COOKIE_REQUIRED' });
    expect(await refusal(`/api/v1/tunnel-http/${b.id}/live`, { cookie: a.cookie })).toEqual({ status: 401, code: 'TUNNEL_COOKIE_REQUIRED' });
    expect(upgrades.length).toBe(before);
    // Its own cookie works; once the tunnel is closed it does not.
    const ok = await connect(`/api/v1/tunnel-http/${b.id}/live`, { cookie: b.cookie });
    await ok.next();
    ok.ws.close();
    expect((await api.delete(`/tunnels/${b.id}`, { token: agent.admin })).status).toBe(204);
    expect(await refusal(`/api/v1/tunnel-http/${b.id}/live`, { cookie: b.cookie })).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('upgrades on the token in the path without a cookie, and the device never sees the token', async () => {
    const a = await openTunnel(uiPort);
    const b = await openTunnel(uiPort);
    const browser = await connect(`${a.capPrefix}/live?view=ports`, { origin: localServer.url, referer: `${localServer.url}${a.capPrefix}/` });
    expect(JSON.parse(String((await browser.next()).data))).toEqual({ hello: '/live?view=ports' });
    const seen = upgrades.at(-1)!;
    expect(seen.url).toBe('/live?view=ports');
    expect(seen.headers['x-forwarded-prefix']).toBe(`/api/v1/tunnel-http/${a.id}`);
    expect(JSON.stringify(seen.headers)).not.toContain(a.token);
    browser.ws.send('ping');
    expect(await browser.next()).toEqual({ data: Buffer.from('ping'), binary: false });
    browser.ws.close();

    // A's token on B, a cut one, or a bad one with B's valid cookie: refused, nothing reaches the device.
    const before = upgrades.length;
    const unauthorized = { status: 401, code: 'TUNNEL_COOKIE_REQUIRED' };
    expect(await refusal(`/api/v1/tunnel-http/${b.id}/~cap/${a.token}/live`)).toEqual(unauthorized);
    expect(await refusal(`/api/v1/tunnel-http/${b.id}/~cap/${a.token.slice(0, -3)}/live`, { cookie: b.cookie })).toEqual(unauthorized);
    expect(upgrades.length).toBe(before);
    expect((await api.delete(`/tunnels/${a.id}`, { token: agent.admin })).status).toBe(204);
    expect(await refusal(`${a.capPrefix}/live`)).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('passes back the answer of a target that refuses the upgrade', async () => {
    const tunnel = await openTunnel(uiPort);
    const refused = await connect(`/api/v1/tunnel-http/${tunnel.id}/refused`, { cookie: tunnel.cookie }).then(
      () => null,
      (e: { status: number; body: string }) => e,
    );
    expect(refused).toMatchObject({ status: 403, body: 'no live' });
  });
});
