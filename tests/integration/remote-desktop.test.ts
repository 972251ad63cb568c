// Desktop signalling through the API establishes a real WebRTC data channel: the viewer is a
// werift peer that posts its offer and candidates to /remote/sessions/:id/offer and /ice; the
// device side is a werift peer behind a WebSocket holding a real agent credential on the live
// channel (the reference agent has no screen to share), answering desktop.offer and desktop.ice.
// The two peers then talk directly, as a viewer and a desktop agent would.
import WebSocket from 'ws';
import { RTCPeerConnection, type RTCDataChannel } from 'werift';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { eventually } from '../helpers/real-agent';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { createKey, enroll } from '../helpers/agents';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { agentChannelHub, resetAgentChannelHub } from '@/lib/agent-channel/hub';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';

let server: TestServer;
const peers: RTCPeerConnection[] = [];
const sockets: WebSocket[] = [];

/** Resolves once the peer finished gathering its candidates (they are then in its SDP). */
async function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve) => pc.iceGatheringStateChange.subscribe((s) => s === 'complete' && resolve()));
}

/** The device side: answers desktop.offer with a werift peer; its data channel echoes. */
function desktopAgent(url: string, token: string, seen: string[]): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/v1/agents/channel`, { headers: { authorization: `Bearer ${token}` } });
    sockets.push(ws);
    let pc: RTCPeerConnection | null = null;
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'welcome') resolve(ws);
      if (frame.type !== 'request') return;
      const reply = (body: object) => ws.send(JSON.stringify({ type: 'response', id: frame.id, ...body }));
      void (async () => {
        if (frame.op === 'desktop.offer') {
          seen.push(`offer:${frame.params.sessionId}`);
          pc = new RTCPeerConnection({ iceServers: [] });
          peers.push(pc);
          pc.onDataChannel.subscribe((channel: RTCDataChannel) => channel.onMessage.subscribe((m) => channel.send(`echo:${String(m)}`)));
          await pc.setRemoteDescription({ type: 'offer', sdp: frame.params.sdp });
          await pc.setLocalDescription(await pc.createAnswer());
          await gathered(pc);
          reply({ ok: true, result: { sdp: pc.localDescription!.sdp, candidates: [] } });
        } else if (frame.op === 'desktop.ice') {
          for (const c of frame.params.candidates) await pc?.addIceCandidate(c);
          reply({ ok: true, result: { candidates: [] } });
        } else reply({ ok: false, error: { code: 'UNSUPPORTED_OPERATION', message: frame.op } });
      })().catch((e: Error) => reply({ ok: false, error: { code: 'AGENT_OPERATION_FAILED', message: e.message } }));
    });
    ws.on('error', reject);
  });
}

beforeAll(async () => {
  server = await startTestServer({ hub: agentChannelHub() });
}, 60_000);

afterAll(async () => {
  for (const pc of peers) await pc.close().catch(() => undefined);
  for (const s of sockets) s.terminate();
  await server?.stop();
  resetAgentChannelHub();
});

/** A partner admin and an enrolled device whose desktop agent answers offers, noting each in `seen`. */
async function desktopDevice() {
  const partner = await makePartner();
  const admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const key = await createKey(admin, { orgId: (await makeOrg(partner.id)).id });
  const device = await enroll(key.key);
  const seen: string[] = [];
  await desktopAgent(server.url, device.authToken, seen);
  return { admin, device, seen };
}

describe('desktop signalling', () => {
  it('establishes a WebRTC data channel between viewer and device through offer and ice', async () => {
    const { admin, device, seen } = await desktopDevice();

    const ice = await api.get('/remote/ice-servers', { token: admin });
    expect(ice.status, ice.text).toBe(200);
    const session = await api.post('/remote/sessions', { token: admin, body: { deviceId: device.deviceId, type: 'desktop' } });
    expect(session.status, session.text).toBe(201);
    const terminalTicket = await api.post(`/remote/sessions/${session.body.id}/ws-ticket`, { token: admin, body: {} });
    expect(terminalTicket.status).toBe(409);

    const viewer = new RTCPeerConnection({ iceServers: ice.body.iceServers });
    peers.push(viewer);
    const channel = viewer.createDataChannel('input');
    const received: string[] = [];
    channel.onMessage.subscribe((m) => received.push(String(m)));
    await viewer.setLocalDescription(await viewer.createOffer());
    await gathered(viewer);

    const answer = await api.post(`/remote/sessions/${session.body.id}/offer`, { token: admin, body: { sdp: viewer.localDescription!.sdp } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.type).toBe('answer');
    expect(seen).toEqual([`offer:${session.body.id}`]);
    await viewer.setRemoteDescription({ type: 'answer', sdp: answer.body.sdp });
    // Trickled candidates reach the agent too (here the same as in the offer: a no-op for it).
    const line = viewer.localDescription!.sdp.split('\r\n').find((l) => l.startsWith('a=candidate:'));
    if (line) {
      const trickle = await api.post(`/remote/sessions/${session.body.id}/ice`, { token: admin, body: { candidates: [{ candidate: line.slice(2), sdpMid: '0', sdpMLineIndex: 0 }] } });
      expect(trickle.status, trickle.text).toBe(200);
    }

    await eventually(() => channel.readyState === 'open', 'the data channel open', 30_000);
    channel.send('hello desktop');
    await eventually(() => received.includes('echo:hello desktop'), 'the echo over the data channel', 30_000);

    const active = await api.get(`/remote/sessions/${session.body.id}`, { token: admin });
    expect(active.body.status).toBe('active');
    const code = await api.post(`/remote/sessions/${session.body.id}/desktop-connect-code`, { token: admin, body: {} });
    expect(code.status, code.text).toBe(201);
    expect(await db.remoteTicket.count({ where: { sessionId: session.body.id, purpose: 'desktop_connect', usedAt: null } })).toBe(1);
    const ended = await api.post(`/remote/sessions/${session.body.id}/end`, { token: admin, body: {} });
    expect(ended.body.status).toBe('ended');
    const events = await db.event.findMany({ where: { type: { in: ['remote.session.started', 'remote.session.ended'] } } });
    expect(events.filter((e) => (e.data as { sessionId?: string }).sessionId === session.body.id)).toHaveLength(2);
  });
});

describe('a native viewer with a connect code', () => {
  it('redeems the code once for a viewer token, signals with it, and refuses reuse, expiry and a forged token', async () => {
    const { admin, device, seen } = await desktopDevice();
    const session = await api.post('/remote/sessions', { token: admin, body: { deviceId: device.deviceId, type: 'desktop' } });
    expect(session.status, session.text).toBe(201);
    const code = await api.post(`/remote/sessions/${session.body.id}/desktop-connect-code`, { token: admin, body: {} });
    expect(code.status, code.text).toBe(201);

    // No credential but the code: the viewer learns the session, the ICE servers and its token.
    const grant = await api.post('/remote/desktop-connect', { body: { code: code.body.code } });
    expect(grant.status, grant.text).toBe(200);
    expect(grant.body).toMatchObject({ sessionId: session.body.id, deviceId: device.deviceId, status: 'pending', signalUrl: '/api/v1/remote/desktop-connect/signal', iceServers: expect.any(Array) });
    expect(new Date(grant.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    // One time: the same code again is refused.
    const again = await api.post('/remote/desktop-connect', { body: { code: code.body.code } });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('INVALID_CONNECT_CODE');

    // The viewer's offer through its token reaches the agent; the data channel opens.
    const viewer = new RTCPeerConnection({ iceServers: grant.body.iceServers });
    peers.push(viewer);
    const channel = viewer.createDataChannel('input');
    const received: string[] = [];
    channel.onMessage.subscribe((m) => received.push(String(m)));
    await viewer.setLocalDescription(await viewer.createOffer());
    await gathered(viewer);
    const forged = await api.post('/remote/desktop-connect/signal', { body: { viewerToken: `${grant.body.viewerToken.slice(0, -4)}AAAA`, type: 'offer', sdp: viewer.localDescription!.sdp } });
    expect(forged.status).toBe(401);
    expect(forged.body.error.code).toBe('INVALID_VIEWER_TOKEN');
    const answer = await api.post('/remote/desktop-connect/signal', { body: { viewerToken: grant.body.viewerToken, type: 'offer', sdp: viewer.localDescription!.sdp } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.type).toBe('answer');
    expect(seen).toEqual([`offer:${session.body.id}`]);
    await viewer.setRemoteDescription({ type: 'answer', sdp: answer.body.sdp });
    await eventually(() => channel.readyState === 'open', 'the data channel open', 30_000);
    channel.send('hello viewer');
    await eventually(() => received.includes('echo:hello viewer'), 'the echo over the data channel', 30_000);
    expect((await api.get(`/remote/sessions/${session.body.id}`, { token: admin })).body.status).toBe('active');
    const audits = await db.auditLog.findMany({ where: { targetId: session.body.id }, select: { action: true, actorId: true } });
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['remote_session.connect_code', 'remote_session.connect_code_redeemed', 'remote_session.start']));

    // An expired code is refused like a used one.
    const late = await api.post(`/remote/sessions/${session.body.id}/desktop-connect-code`, { token: admin, body: {} });
    await db.remoteTicket.updateMany({ where: { sessionId: session.body.id, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await api.post('/remote/desktop-connect', { body: { code: late.body.code } })).status).toBe(401);
    // Once the session ended, its token signals nothing more.
    await api.post(`/remote/sessions/${session.body.id}/end`, { token: admin, body: {} });
    const afterEnd = await api.post('/remote/desktop-connect/signal', { body: { viewerToken: grant.body.viewerToken, type: 'ice', candidates: [{ candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host' }] } });
    expect(afterEnd.status).toBe(409);
    expect(afterEnd.body.error.code).toBe('SESSION_NOT_PENDING');
  });

  it('rate-limits redeeming per source address, failed attempts included', async () => {
    process.env.REMOTE_CONNECT_RATE_LIMIT_PER_IP = '3';
    resetEnvCache();
    try {
      const ip = '198.51.100.77';
      for (let i = 0; i < 3; i++) expect((await api.post('/remote/desktop-connect', { body: { code: `guess-${i}` }, ip })).status).toBe(401);
      const limited = await api.post('/remote/desktop-connect', { body: { code: 'guess-4' }, ip });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBeTruthy();
      expect((await api.post('/remote/desktop-connect', { body: { code: 'guess-5' }, ip: '198.51.100.78' })).status).toBe(401);
    } finally {
      delete process.env.REMOTE_CONNECT_RATE_LIMIT_PER_IP;
      resetEnvCache();
    }
  });
});
