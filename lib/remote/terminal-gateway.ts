// The browser's end of a terminal: GET /api/v1/remote/sessions/:id/terminal?ticket=… upgrades to
// a WebSocket (handled by the custom Node server, like the agents' channel). The ticket (minted
// by POST …/ws-ticket, one use, short-lived) is the only credential: browsers cannot set headers
// on a WebSocket. The process that accepts the browser opens a `pty` stream on the device
// through the agent channel hub, wherever the agent's channel is held, and relays bytes both
// ways. Browser protocol:
//   binary frames, both ways: terminal bytes (keystrokes in, output out);
//   text from the browser: {"type":"resize","cols":N,"rows":N};
//   text from the server: {"type":"ready"}, {"type":"exit","reason"}, {"type":"error","code","message"}.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { AppError } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';
import { agentChannelHub, type AgentChannelHub, type StreamHandle } from '@/lib/agent-channel/hub';
import type { AuthContext } from '@/lib/auth/context';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { redeemTicket } from '@/lib/remote/tickets';
import { activateSession, END_TOPIC, finishSession, type AuditActor } from '@/lib/remote/sessions';
import { storeTranscript, TranscriptBuffer } from '@/lib/remote/transcripts';
import { refuseUpgrade } from '@/lib/remote/upgrade-answer';

const TERMINAL_PATH = /^\/api\/v1\/remote\/sessions\/([0-9a-fA-F-]{36})\/terminal$/;
const KEEPALIVE_MS = 30_000;
/** Close codes the browser sees when the terminal could not open (4000 + the HTTP status). */
const closeCode = (status: number) => 4000 + Math.min(999, Math.max(0, status));

interface Viewer {
  end(reason: string): void;
}

const state = globalThis as unknown as { __rmmTerminalGateway?: { wss: WebSocketServer; viewers: Map<string, Viewer>; hub: AgentChannelHub | null } };

function gateway() {
  if (!state.__rmmTerminalGateway) {
    state.__rmmTerminalGateway = { wss: new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024, perMessageDeflate: false }), viewers: new Map(), hub: null };
  }
  const g = state.__rmmTerminalGateway;
  if (g.hub !== agentChannelHub()) {
    g.hub = agentChannelHub();
    // POST …/end and the stale sweep, on whichever process, reach the one holding the viewer.
    agentChannelHub().onProcessMessage(END_TOPIC, (data) => {
      const { sessionId, reason } = (data ?? {}) as { sessionId?: string; reason?: string };
      if (sessionId) g.viewers.get(sessionId)?.end(reason ?? 'ended');
    });
  }
  return g;
}

/** Handles the upgrade when `req` is for a terminal; false for other paths. */
export function handleRemoteUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const match = TERMINAL_PATH.exec(url.pathname);
  if (!match) return false;
  socket.on('error', () => socket.destroy());
  void accept(req, socket, head, match[1].toLowerCase(), url.searchParams.get('ticket') ?? '').catch((error: unknown) => {
    logger.warn({ err: error }, 'terminal upgrade failed');
    refuseUpgrade(socket, error);
  });
  return true;
}

async function accept(req: IncomingMessage, socket: Duplex, head: Buffer, sessionId: string, secret: string): Promise<void> {
  const ticket = await redeemTicket(secret, 'terminal');
  if (!ticket || ticket.sessionId !== sessionId) throw new AppError('INVALID_TICKET', 401, 'The terminal ticket is unknown, was already used, or expired: mint a new one (POST /remote/sessions/:id/ws-ticket)');
  const session = await db.remoteSession.findFirst({ where: { id: sessionId, partnerId: ticket.partnerId, orgId: ticket.orgId } });
  if (!session) throw new AppError('NOT_FOUND', 404, 'Remote session not found');
  if (session.status !== 'pending') throw new AppError('SESSION_NOT_PENDING', 409, `The session is ${session.status}: open a new one`);
  const device = await db.device.findUnique({ where: { id: session.deviceId }, select: { status: true } });
  if (!device || !acceptsCommands(device)) throw new AppError('DEVICE_INACTIVE', 409, 'The device takes no remote sessions');
  const hub = agentChannelHub();
  await hub.start();
  const g = gateway();
  const actor: AuthContext = { kind: 'anonymous', requestId: randomUUID(), ip: req.socket.remoteAddress ?? null } as AuthContext;
  // The audit entries name the session's user: the WebSocket itself carries no user credential.
  const audit: AuditActor = { type: 'user', id: session.userId, email: session.userEmail };
  g.wss.handleUpgrade(req, socket, head, (ws) => void run(ws, session.id, session.deviceId, session.cols, session.rows, actor, audit));
}

async function run(ws: WebSocket, sessionId: string, deviceId: string, cols: number, rows: number, actor: AuthContext, audit: AuditActor): Promise<void> {
  const g = gateway();
  const hub = agentChannelHub();
  const transcript = new TranscriptBuffer(env().REMOTE_TRANSCRIPT_MAX_BYTES);
  const pending: Buffer[] = [];
  let stream: StreamHandle | null = null;
  let finished = false;
  const timer: { keepalive?: NodeJS.Timeout } = {};
  const sendJson = (frame: object) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(frame));

  const finish = async (status: 'ended' | 'failed', reason: string, code = 1000) => {
    if (finished) return;
    finished = true;
    clearInterval(timer.keepalive);
    g.viewers.delete(sessionId);
    stream?.close(reason);
    if (ws.readyState === ws.OPEN) ws.close(code, reason.slice(0, 120));
    try {
      if (status === 'ended' && transcript.bytes + Number(transcript.truncated) > 0) await storeTranscript(sessionId, transcript);
    } catch (error) {
      logger.warn({ err: error, sessionId }, 'terminal transcript not stored');
    }
    await finishSession(sessionId, status, reason, actor, audit).catch((error: unknown) => logger.warn({ err: error, sessionId }, 'terminal session end not recorded'));
  };

  ws.on('message', (data: RawData, isBinary: boolean) => {
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
    if (isBinary) {
      // Keystrokes (or a paste) the device cannot take yet: stop reading the viewer until it can.
      if (stream) {
        if (!stream.write(buf)) ws.pause();
      } else if (pending.length < 256) pending.push(buf);
      return;
    }
    let frame: { type?: unknown; cols?: unknown; rows?: unknown };
    try {
      frame = JSON.parse(buf.toString());
    } catch {
      return;
    }
    const c = Number(frame.cols);
    const r = Number(frame.rows);
    if (frame.type === 'resize' && Number.isInteger(c) && Number.isInteger(r) && c >= 10 && c <= 1000 && r >= 4 && r <= 500) {
      stream?.control({ type: 'stream.resize', cols: c, rows: r });
      void db.remoteSession.update({ where: { id: sessionId }, data: { cols: c, rows: r } }).catch(() => undefined);
    }
  });
  ws.on('close', () => void finish('ended', 'the viewer closed the terminal'));
  ws.on('error', () => ws.terminate());
  g.viewers.set(sessionId, { end: (reason) => void finish('ended', reason, 4000) });

  try {
    stream = await hub.openStream(
      deviceId,
      'pty',
      { cols, rows },
      {
        // Released once written to the viewer's socket: a slow viewer slows the device's output
        // instead of piling it up here.
        onData: (chunk, release) => {
          transcript.append(chunk);
          if (ws.readyState === ws.OPEN) ws.send(chunk, { binary: true }, () => release());
          else release();
        },
        onDrain: () => ws.resume(),
        onClose: (reason) => {
          stream = null;
          sendJson({ type: 'exit', reason });
          void finish('ended', reason);
        },
      },
    );
  } catch (error) {
    const e = error instanceof AppError ? error : new AppError('AGENT_OPERATION_FAILED', 422, 'The agent could not open a terminal');
    sendJson({ type: 'error', code: e.code, message: e.message });
    await finish('failed', `${e.code}: ${e.message}`, closeCode(e.status));
    return;
  }
  if (finished) {
    stream.close('the viewer left while the terminal was opening');
    return;
  }
  for (const chunk of pending.splice(0)) if (!stream.write(chunk)) ws.pause();
  await activateSession(sessionId, hub.processId, actor, audit).catch((error: unknown) => logger.warn({ err: error, sessionId }, 'terminal session start not recorded'));
  sendJson({ type: 'ready', sessionId });
  timer.keepalive = setInterval(() => {
    if (ws.readyState === ws.OPEN) ws.ping();
    void db.remoteSession.updateMany({ where: { id: sessionId, status: 'active' }, data: { lastSeenAt: new Date() } }).catch(() => undefined);
  }, KEEPALIVE_MS);
  timer.keepalive.unref();
}
