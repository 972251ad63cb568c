// Which web process holds which device's channel. This process's own connections live in memory;
// agent_channel_presence records the holder of every device with a lease (refreshed every third
// of it), so the entries of a process that died expire on their own. The newest connection of a
// device wins, whichever process held it before.
import type { Connection } from '@/lib/agent-channel/protocol';
import { dbPool } from '@/lib/db';
import { logger } from '@/lib/observability/logger';

export class Presence {
  /** This process's connections, by device. */
  readonly connections = new Map<string, Connection>();

  constructor(
    private readonly processId: string,
    readonly leaseSeconds: number,
  ) {}

  get(deviceId: string): Connection | undefined {
    return this.connections.get(deviceId);
  }

  devices(): string[] {
    return [...this.connections.keys()];
  }

  /** Makes `conn` the device's connection here; answers the one it replaced, if any. */
  add(conn: Connection): Connection | undefined {
    const previous = this.connections.get(conn.deviceId);
    this.connections.set(conn.deviceId, conn);
    return previous;
  }

  /** Forgets `conn`; true when it was still the device's current connection here. */
  remove(conn: Connection): boolean {
    if (this.connections.get(conn.deviceId) !== conn) return false;
    this.connections.delete(conn.deviceId);
    return true;
  }

  /** Records this process as the holder of the device of `conn`. */
  async record(conn: Connection): Promise<void> {
    await dbPool().query(
      `insert into agent_channel_presence (device_id, process_id, connection_id, connected_at, lease_expires_at)
       values ($1, $2, $3, now(), now() + make_interval(secs => $4))
       on conflict (device_id) do update set process_id = excluded.process_id, connection_id = excluded.connection_id,
         connected_at = excluded.connected_at, lease_expires_at = excluded.lease_expires_at`,
      [conn.deviceId, this.processId, conn.id, this.leaseSeconds],
    );
  }

  /** Drops the record of `conn` (not a newer connection's, here or elsewhere). */
  async erase(conn: Connection): Promise<void> {
    await dbPool()
      .query('delete from agent_channel_presence where device_id = $1 and connection_id = $2', [conn.deviceId, conn.id])
      .catch(() => undefined);
  }

  /** The process holding the device's channel under a live lease, or null. */
  async holder(deviceId: string): Promise<string | null> {
    const { rows } = await dbPool().query<{ process_id: string }>('select process_id from agent_channel_presence where device_id = $1 and lease_expires_at > now()', [deviceId]);
    return rows[0]?.process_id ?? null;
  }

  /**
   * Extends the lease of every device this process holds, and closes the channels of devices that
   * were decommissioned or whose partner started offboarding since they connected.
   */
  async refresh(): Promise<void> {
    const held = [...this.connections.values()];
    const devices = held.map((c) => c.deviceId);
    try {
      // Extends this process's leases, and records again a device held here whose row is missing
      // (its insert lost to the cleanup below, or to a database hiccup): without the row no other
      // process can reach the channel. A device another process took over stays theirs.
      await dbPool().query(
        `insert into agent_channel_presence (device_id, process_id, connection_id, connected_at, lease_expires_at)
         select t.device_id, $1, t.connection_id, now(), now() + make_interval(secs => $4)
         from unnest($2::uuid[], $3::uuid[]) as t(device_id, connection_id)
         on conflict (device_id) do update set lease_expires_at = excluded.lease_expires_at
           where agent_channel_presence.process_id = excluded.process_id`,
        [this.processId, devices, held.map((c) => c.id), this.leaseSeconds],
      );
      // A row whose connection closed while its insert was still on the way. Only rows older than a
      // refresh period: a connection accepted after `held` was taken has its insert in flight now
      // (10,000 agents connecting at once lost ~2 % of their rows to this before).
      await dbPool().query(
        'delete from agent_channel_presence where process_id = $1 and not (device_id = any($2::uuid[])) and connected_at < now() - make_interval(secs => $3)',
        [this.processId, devices, this.leaseSeconds / 3],
      );
      if (devices.length) {
        const { rows } = await dbPool().query<{ id: string }>(
          `select d.id from devices d join partners p on p.id = d.partner_id
           where d.id = any($1::uuid[]) and (d.status in ('decommissioned', 'uninstalled') or d.agent_revoked_at is not null or p.status <> 'active' or p.deleted_at is not null)`,
          [devices],
        );
        for (const { id } of rows) this.connections.get(id)?.ws.close(4003, 'agent credential no longer admitted on the channel');
      }
      await dbPool().query("delete from agent_channel_presence where lease_expires_at < now() - interval '1 hour'");
    } catch (error) {
      logger.warn({ err: error }, 'agent channel lease refresh failed');
    }
  }

  /** Pings every connection; one that missed the previous pong is dropped. */
  ping(): void {
    for (const conn of this.connections.values()) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }

  /** Forgets every connection (the process is stopping) and its presence records. */
  async clear(): Promise<void> {
    const held = this.connections.size;
    this.connections.clear();
    if (held) await dbPool().query('delete from agent_channel_presence where process_id = $1', [this.processId]).catch(() => undefined);
  }
}
