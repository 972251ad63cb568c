// The relay between web processes: each process has its own address (its process id) and
// receives the messages other processes send to it there: requests for the devices it holds,
// the answers to the requests it relayed, byte streams and application messages. Messages from
// one sender arrive in the order they were sent, and are handed over one after another.
//
// Wakes (a command was queued for a device) come from a trigger in the database, so they always
// arrive on a PostgreSQL LISTEN connection (`agent_wake`), whichever relay carries the rest.
import pg from 'pg';
import { dbPool } from '@/lib/db';
import { env } from '@/lib/env';
import { logger } from '@/lib/observability/logger';
import type { RelayMessage } from '@/lib/agent-channel/protocol';

export const WAKE_CHANNEL = 'agent_wake';

export interface RelayHandlers {
  /** A message for this process, in arrival order. */
  onMessage(message: RelayMessage): void;
  /** A command was queued for `deviceId`. */
  onWake(deviceId: string): void;
  /** The relay is receiving again after it lost its connection. */
  onReconnected(): void;
}

export interface ChannelRelay {
  readonly kind: 'postgres' | 'redis';
  /** Starts receiving messages addressed to `processId`. */
  start(processId: string, handlers: RelayHandlers): Promise<void>;
  /** True while messages addressed to this process are being received. */
  readonly receiving: boolean;
  /** Delivers `message` to process `processId` (to nobody when it is gone). */
  send(processId: string, message: RelayMessage): Promise<void>;
  /** Periodic housekeeping (drops what nobody collected). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

function relayChannel(processId: string): string {
  return `agent_channel_${processId.replace(/-/g, '')}`;
}

/**
 * One dedicated PostgreSQL connection LISTENing on a fixed set of channels, reconnected with
 * capped exponential backoff and jitter when it is lost.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private attempt = 0;
  listening = false;

  constructor(
    private readonly channels: string[],
    private readonly onNotification: (channel: string, payload: string) => void,
    private readonly onReconnected: () => void,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: env().DATABASE_URL, application_name: 'rmm-agent-channel' });
    client.on('notification', (msg) => this.onNotification(msg.channel, msg.payload ?? ''));
    client.on('error', (err) => logger.warn({ err: { message: err.message } }, 'agent channel LISTEN connection lost'));
    client.on('end', () => {
      if (this.client !== client) return;
      this.client = null;
      this.listening = false;
      this.scheduleReconnect();
    });
    await client.connect();
    for (const channel of this.channels) await client.query(`LISTEN ${channel}`);
    this.client = client;
    this.listening = true;
    this.attempt = 0;
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = Math.min(30_000, 500 * 2 ** this.attempt++) * (0.5 + Math.random() / 2);
    setTimeout(() => {
      if (this.stopped) return;
      this.start()
        .then(() => this.onReconnected())
        .catch(() => this.scheduleReconnect());
    }, delay).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = null;
    this.listening = false;
    await client?.end().catch(() => undefined);
  }
}

/** NOTIFY payloads are capped at 8000 bytes; larger messages go through agent_channel_relay. */
const NOTIFY_INLINE_MAX = 7000;

/**
 * The default relay: NOTIFY on the receiver's own channel `agent_channel_<process id>`, one
 * LISTEN connection per process (shared with the wakes). Messages too large for a NOTIFY payload
 * are stored in agent_channel_relay and the NOTIFY carries a reference to them.
 */
export class PgRelay implements ChannelRelay {
  readonly kind = 'postgres' as const;
  private listener: PgListener | null = null;
  private chain: Promise<void> = Promise.resolve();

  get receiving(): boolean {
    return this.listener?.listening ?? false;
  }

  async start(processId: string, handlers: RelayHandlers): Promise<void> {
    this.listener = new PgListener(
      [WAKE_CHANNEL, relayChannel(processId)],
      (channel, payload) => {
        if (channel === WAKE_CHANNEL) return handlers.onWake(payload);
        if (!payload) return;
        // One after another, in delivery order: a stream's data must not overtake itself when
        // one message is read back from agent_channel_relay and the next one arrived inline.
        this.chain = this.chain
          .then(async () => {
            const message = await this.decode(payload);
            if (message) handlers.onMessage(message);
          })
          .catch((error: unknown) => logger.warn({ err: error }, 'agent channel relay failed'));
      },
      () => handlers.onReconnected(),
    );
    await this.listener.start();
  }

  async send(processId: string, message: RelayMessage): Promise<void> {
    let payload = JSON.stringify(message);
    if (Buffer.byteLength(payload) > NOTIFY_INLINE_MAX) {
      const { rows } = await dbPool().query<{ id: string }>('insert into agent_channel_relay (id, payload) values (gen_random_uuid(), $1) returning id', [payload]);
      payload = JSON.stringify({ k: 'ref', ref: rows[0].id });
    }
    await dbPool().query('select pg_notify($1, $2)', [relayChannel(processId), payload]);
  }

  private async decode(payload: string): Promise<RelayMessage | null> {
    let message: RelayMessage | { k: 'ref'; ref: string };
    try {
      message = JSON.parse(payload);
    } catch {
      return null;
    }
    if (message.k !== 'ref') return message;
    const { rows } = await dbPool().query<{ payload: string }>('delete from agent_channel_relay where id = $1 returning payload', [message.ref]);
    return rows[0] ? (JSON.parse(rows[0].payload) as RelayMessage) : null;
  }

  async sweep(): Promise<void> {
    await dbPool().query("delete from agent_channel_relay where created_at < now() - interval '5 minutes'");
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
    this.listener = null;
  }
}
