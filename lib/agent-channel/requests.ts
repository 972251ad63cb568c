// Request/response over the channel: a request frame with an id goes to the device's agent,
// directly when this process holds its socket, through the relay to the holder otherwise; the
// answer settles the request exactly once, or its deadline does.
import { randomUUID } from 'node:crypto';
import { env } from '@/lib/env';
import { logger } from '@/lib/observability/logger';
import { failureError, send, type AgentErrorBody, type Answer, type Connection, type RequestRelayMessage } from '@/lib/agent-channel/protocol';
import type { Presence } from '@/lib/agent-channel/presence';
import type { ChannelRelay } from '@/lib/agent-channel/relay';

const MAX_PENDING_PER_DEVICE = 64;

interface Pending {
  deviceId: string;
  timer: NodeJS.Timeout;
  settle: (answer: Answer) => void;
}

export interface BrokerDeps {
  processId: string;
  presence: Presence;
  relay: ChannelRelay;
  /** Makes sure this process receives relayed messages (the answers come back that way). */
  start(): Promise<void>;
}

export class Requests {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly deps: BrokerDeps) {}

  /** A `response` frame from the agent of `conn`. */
  onResponse(conn: Connection, frame: { id?: unknown; ok?: unknown; result?: unknown; error?: unknown }): void {
    if (typeof frame.id !== 'string') return;
    const p = this.pending.get(frame.id);
    // An answer must come from the device it was asked of: one agent cannot answer for another.
    if (!p || p.deviceId !== conn.deviceId) return;
    clearTimeout(p.timer);
    this.pending.delete(frame.id);
    if (frame.ok === true) p.settle({ ok: true, result: frame.result ?? null });
    else p.settle({ ok: false, error: (frame.error as AgentErrorBody) ?? { code: 'AGENT_OPERATION_FAILED', message: 'The agent reported an error' } });
  }

  /** Settles every request waiting on `deviceId` (or on every device) as offline. */
  failWaiting(message: string, deviceId?: string): void {
    for (const [id, p] of this.pending) {
      if (deviceId !== undefined && p.deviceId !== deviceId) continue;
      clearTimeout(p.timer);
      this.pending.delete(id);
      p.settle({ ok: false, error: { code: 'AGENT_OFFLINE', message }, offline: true });
    }
  }

  /** Sends a request frame to a device this process holds; settles exactly once. */
  private sendLocal(conn: Connection, id: string, op: string, params: unknown, timeoutMs: number, settle: Pending['settle']): void {
    let waiting = 0;
    for (const p of this.pending.values()) if (p.deviceId === conn.deviceId) waiting++;
    if (waiting >= MAX_PENDING_PER_DEVICE) {
      settle({ ok: false, error: { code: 'AGENT_BUSY', message: 'Too many requests are waiting on this agent; try again shortly' } });
      return;
    }
    const timer = setTimeout(() => {
      this.pending.delete(id);
      settle({ ok: false, error: { code: 'AGENT_TIMEOUT', message: 'timeout' } });
    }, timeoutMs);
    this.pending.set(id, { deviceId: conn.deviceId, timer, settle });
    send(conn.ws, { type: 'request', id, op, params, timeoutMs });
  }

  /**
   * Asks the device's agent to run `op` and answers its result. 409 AGENT_OFFLINE when no web
   * process holds a channel of the device, 504 AGENT_TIMEOUT when the agent does not answer in
   * time, the agent's own error otherwise (see agentError).
   */
  async request<T = unknown>(deviceId: string, op: string, params: unknown, opts: { timeoutMs?: number } = {}): Promise<T> {
    const timeoutMs = opts.timeoutMs ?? env().AGENT_CHANNEL_REQUEST_TIMEOUT_SECONDS * 1000;
    const answer = await new Promise<Answer>((resolve, reject) => {
      const id = randomUUID();
      const local = this.deps.presence.get(deviceId);
      if (local) {
        this.sendLocal(local, id, op, params, timeoutMs, resolve);
        return;
      }
      void (async () => {
        const holder = await this.deps.presence.holder(deviceId);
        if (!holder) return resolve({ ok: false, error: { code: 'AGENT_OFFLINE', message: '' }, offline: true });
        // The answer comes back through this process's relay address (received from first use).
        await this.deps.start();
        // The holder applies the same deadline to the agent; this one adds a little for the two
        // hops through the relay.
        const timer = setTimeout(() => {
          this.pending.delete(id);
          resolve({ ok: false, error: { code: 'AGENT_TIMEOUT', message: 'timeout' } });
        }, timeoutMs + 1000);
        this.pending.set(id, { deviceId, timer, settle: resolve });
        await this.deps.relay.send(holder, { k: 'req', id, from: this.deps.processId, deviceId, op, params, timeoutMs }).catch((error: unknown) => {
          clearTimeout(timer);
          this.pending.delete(id);
          throw error;
        });
      })().catch(reject);
    });
    if (answer.ok) return answer.result as T;
    throw failureError(answer, timeoutMs);
  }

  /** A relayed request (for a device this process holds) or the answer to one this process relayed. */
  onRelay(message: RequestRelayMessage): void {
    if (message.k === 'res') {
      const p = this.pending.get(message.id);
      if (!p) return;
      clearTimeout(p.timer);
      this.pending.delete(message.id);
      p.settle(message.ok ? { ok: true, result: message.result } : { ok: false, error: message.error, offline: message.offline });
      return;
    }
    const { id, from } = message;
    const reply = (answer: Answer) =>
      void this.deps.relay.send(from, { k: 'res', id, ...answer }).catch((error: unknown) => logger.warn({ err: error }, 'agent channel relay answer lost'));
    const conn = this.deps.presence.get(message.deviceId);
    if (!conn) return reply({ ok: false, error: { code: 'AGENT_OFFLINE', message: '' }, offline: true });
    this.sendLocal(conn, id, message.op, message.params, Math.min(message.timeoutMs, 300_000), reply);
  }
}
