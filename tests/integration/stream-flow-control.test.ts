// Flow control of the channel's byte streams with real peers: the real agent, a real web server
// on the device's loopback behind an HTTP tunnel, and a real PTY. A reader that stops reading
// (a paused HTTP response, a paused terminal WebSocket) must stop the device, not make the server
// buffer: what the hubs hold for readers stays under STREAM_BUFFER_CAP and the process's memory
// does not grow with the size of the transfer. Measured in bytes held, never in time.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { startRealAgent, eventually, type RealAgent } from '../helpers/real-agent';
import type { TestServer } from '../helpers/test-server';
import { AgentChannelHub, agentChannelHub, resetAgentChannelHub } from '@/lib/agent-channel/hub';
import { STREAM_BUFFER_CAP } from '@/lib/agent-channel/protocol';
import { db } from '@/lib/db';

const TOTAL = 128 * 1024 * 1024;
const MiB = 1024 * 1024;
/** What may sit in kernel socket buffers and stream buffers on the way; far below the transfer. */
const IN_FLIGHT_BOUND = 48 * MiB;

let local: RealAgent;
let relayed: RealAgent;
let remoteHub: AgentChannelHub;
let localServer: TestServer;
let target: Server;
let targetPort = 0;
let produced = 0;
const sockets: WebSocket[] = [];
const responses: IncomingMessage[] = [];

/** Polls `sample` until it stopped changing (the pipeline is stalled on the slow reader). */
async function settled(sample: () => number, what: string): Promise<number> {
  let last = -1;
  let same = 0;
  return eventually(
    async () => {
      await new Promise((r) => setTimeout(r, 250));
      const value = sample();
      same = value === last ? same + 1 : 0;
      last = value;
      return same >= 8 ? value + 1 : null;
    },
    what,
    90_000,
  ).then((v) => v - 1);
}

beforeAll(async () => {
  // One agent whose channel this process's hub holds, one held by a second hub (another web process).
  local = await startRealAgent(path.join(mkdtempSync(path.join(os.tmpdir(), 'rmm-flow-')), 'data'), { hub: agentChannelHub() });
  localServer = local.server;
  remoteHub = new AgentChannelHub({ leaseSeconds: 30, pingSeconds: 5 });
  relayed = await startRealAgent(path.join(mkdtempSync(path.join(os.tmpdir(), 'rmm-flow-')), 'data'), { hub: remoteHub });
  await relayed.eventually(async () => (await db.agentChannelPresence.findUnique({ where: { deviceId: relayed.deviceId } }))?.processId === remoteHub.processId, 'the channel on the other process');
  await local.eventually(async () => agentChannelHub().localDevices().includes(local.deviceId), 'the channel on this process');
  // A large download on the device's loopback, produced only as fast as it is taken.
  target = createServer((_req, res) => {
    const block = Buffer.alloc(64 * 1024, 0x61);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(TOTAL) });
    Readable.from(
      (function* () {
        for (let sent = 0; sent < TOTAL; sent += block.length) {
          produced += block.length;
          yield block;
        }
      })(),
    ).pipe(res);
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetPort = (target.address() as { port: number }).port;
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.terminate();
  for (const r of responses) r.destroy();
  target?.close();
  await relayed?.stop();
  await local?.stop();
  resetAgentChannelHub();
});

describe('stream flow control', () => {
  it('a large download through a tunnel to a reader that stops keeps the server’s memory bounded, then completes', async () => {
    const created = await api.post('/tunnels', { token: local.admin, body: { deviceId: local.deviceId, targetHost: '127.0.0.1', targetPort } });
    expect(created.status, created.text).toBe(201);
    const prefix = `/api/v1/tunnel-http/${created.body.id}`;
    const minted = await api.post(`/tunnels/${created.body.id}/http-ticket`, { token: local.admin, body: {} });
    const redeem = await new Promise<IncomingMessage>((resolve, reject) => httpRequest(`${localServer.url}${minted.body.url}`, resolve).on('error', reject).end());
    redeem.resume();
    const cookie = String(redeem.headers['set-cookie']).split(';')[0];

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const response = await new Promise<IncomingMessage>((resolve, reject) => httpRequest(`${localServer.url}${prefix}/big`, { headers: { cookie } }, resolve).on('error', reject).end());
    responses.push(response);
    expect(response.statusCode).toBe(200);
    response.pause();

    // The reader takes nothing: the device stops producing once the pipeline is full.
    const stalledAt = await settled(() => produced, 'the target stalled by the paused reader');
    const held = agentChannelHub().streamBufferedBytes();
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    console.info(`[flow] tunnel: produced ${(stalledAt / MiB).toFixed(1)} MiB of ${TOTAL / MiB} before stalling; hub holds ${held} bytes; rss +${(rssGrowth / MiB).toFixed(1)} MiB`);
    expect(stalledAt).toBeLessThan(IN_FLIGHT_BOUND);
    expect(held).toBeLessThanOrEqual(STREAM_BUFFER_CAP);
    expect(rssGrowth).toBeLessThan(IN_FLIGHT_BOUND);

    // Reading again drains it all, in full: credit came back and nothing was lost.
    let received = 0;
    const done = new Promise<void>((resolve, reject) => {
      response.on('data', (chunk: Buffer) => (received += chunk.length));
      response.on('end', resolve);
      response.on('error', reject);
    });
    response.resume();
    await done;
    expect(received).toBe(TOTAL);
    expect(agentChannelHub().streamBufferedBytes()).toBe(0);
  }, 180_000);

  it('a terminal printing without end to a viewer that stops reading, across two web processes, stays bounded on both', async () => {
    const session = await api.post('/remote/sessions', { token: relayed.admin, body: { deviceId: relayed.deviceId, type: 'terminal', cols: 80, rows: 24 } });
    expect(session.status, session.text).toBe(201);
    const ticket = await api.post(`/remote/sessions/${session.body.id}/ws-ticket`, { token: relayed.admin, body: {} });
    const ws = new WebSocket(`${localServer.url.replace('http', 'ws')}${ticket.body.url}`);
    sockets.push(ws);
    let out = '';
    let ready = false;
    ws.on('message', (data, isBinary) => {
      if (isBinary) out = (out + Buffer.from(data as Buffer).toString('utf8')).slice(-4096);
      else if (JSON.parse(String(data)).type === 'ready') ready = true;
    });
    await eventually(() => ready, 'the terminal ready', 30_000);

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    ws.send(Buffer.from('yes rmm-flow-control-line\n'));
    await eventually(() => out.includes('rmm-flow-control-line'), 'the output flowing', 30_000);
    ws.pause();
    const holding = () => agentChannelHub().streamBufferedBytes() + remoteHub.streamBufferedBytes();
    await settled(holding, 'the terminal stalled by the paused viewer');
    const here = agentChannelHub().streamBufferedBytes();
    const there = remoteHub.streamBufferedBytes();
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    console.info(`[flow] terminal: viewer's process holds ${here} bytes, holder ${there} bytes; rss +${(rssGrowth / MiB).toFixed(1)} MiB`);
    expect(here).toBeLessThanOrEqual(STREAM_BUFFER_CAP);
    expect(there).toBeLessThanOrEqual(STREAM_BUFFER_CAP);
    expect(rssGrowth).toBeLessThan(IN_FLIGHT_BOUND);

    // The viewer reads again: the shell is still there and takes Ctrl-C and the next command.
    ws.resume();
    ws.send(Buffer.from('\x03'));
    await eventually(
      async () => {
        ws.send(Buffer.from('echo flow-$((40+2))-ok\n'));
        await new Promise((r) => setTimeout(r, 500));
        return out.includes('flow-42-ok');
      },
      'the shell answering after the stall',
      90_000,
    );
    ws.close();
  }, 180_000);
});
