// The relay through Redis pub/sub, used when REDIS_URL is set (larger installs: no payload cap,
// no relay table, no NOTIFY traffic on the database). Each process SUBSCRIBEs to its own channel
// `rmm:agent-channel:<process id>` on a dedicated connection and PUBLISHes on a second one (a
// subscribed Redis connection can do nothing else). One publisher connection keeps one sender's
// messages in order, and Redis delivers a channel's messages in publish order.
//
// Wakes still come from the database trigger, on a PostgreSQL LISTEN connection of their own.
import { Redis } from 'ioredis';
import { logger } from '@/lib/observability/logger';
import type { RelayMessage } from '@/lib/agent-channel/protocol';
import { PgListener, WAKE_CHANNEL, type ChannelRelay, type RelayHandlers } from '@/lib/agent-channel/relay';

function redisChannel(processId: string): string {
  return `rmm:agent-channel:${processId}`;
}

export class RedisRelay implements ChannelRelay {
  readonly kind = 'redis' as const;
  private subscriber: Redis | null = null;
  private publisher: Redis | null = null;
  private wakes: PgListener | null = null;
  private subscribed = false;

  constructor(private readonly url: string) {}

  get receiving(): boolean {
    return this.subscribed;
  }

  async start(processId: string, handlers: RelayHandlers): Promise<void> {
    const options = { lazyConnect: true, maxRetriesPerRequest: 3, connectionName: 'rmm-agent-channel', retryStrategy: (attempt: number) => Math.min(30_000, 500 * 2 ** Math.min(attempt, 6)) * (0.5 + Math.random() / 2) };
    const subscriber = new Redis(this.url, options);
    const publisher = new Redis(this.url, options);
    this.subscriber = subscriber;
    this.publisher = publisher;
    for (const client of [subscriber, publisher]) client.on('error', (err: Error) => logger.warn({ err: { message: err.message } }, 'agent channel Redis connection error'));
    subscriber.on('message', (_channel: string, payload: string) => {
      let message: RelayMessage;
      try {
        message = JSON.parse(payload) as RelayMessage;
      } catch {
        return;
      }
      handlers.onMessage(message);
    });
    // ioredis re-subscribes on its own after a reconnection; the hub then refreshes its leases.
    subscriber.on('close', () => (this.subscribed = false));
    subscriber.on('ready', () => {
      if (this.subscribed || !this.subscriber) return;
      this.subscribed = true;
      handlers.onReconnected();
    });
    await Promise.all([subscriber.connect(), publisher.connect()]);
    await subscriber.subscribe(redisChannel(processId));
    this.subscribed = true;
    this.wakes = new PgListener([WAKE_CHANNEL], (_channel, deviceId) => handlers.onWake(deviceId), () => undefined);
    await this.wakes.start();
  }

  async send(processId: string, message: RelayMessage): Promise<void> {
    if (!this.publisher) throw new Error('the Redis relay is not started');
    await this.publisher.publish(redisChannel(processId), JSON.stringify(message));
  }

  async sweep(): Promise<void> {
    // Pub/sub keeps nothing: a message for a process that is gone is simply not delivered.
  }

  async stop(): Promise<void> {
    const clients = [this.subscriber, this.publisher];
    this.subscriber = null;
    this.publisher = null;
    this.subscribed = false;
    await Promise.all(clients.map((c) => c?.quit().catch(() => c.disconnect())));
    await this.wakes?.stop();
    this.wakes = null;
  }
}
