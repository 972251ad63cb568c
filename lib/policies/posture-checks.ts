// Security posture checks of policies: decided on the server from data already stored, for many
// devices in one query. registerPostureCheck adds a check under a key policies name in a
// `security_posture` check ({ kind: 'security_posture', key, params }).
import type { DbOrTx } from '@/lib/db';
import type { ResultStatus } from '@/lib/policies/schemas';

export interface PostureOutcome {
  status: Exclude<ResultStatus, 'pending'>;
  detail: string;
}
export type PostureParams = Record<string, string | number | boolean>;
/** Decides the check for every given device; a device missing from the map is `error`. */
export type PostureCheckFn = (client: DbOrTx, deviceIds: string[], params: PostureParams) => Promise<Map<string, PostureOutcome>>;

const registry = new Map<string, { description: string; fn: PostureCheckFn }>();

export function registerPostureCheck(key: string, fn: PostureCheckFn, description = key): void {
  registry.set(key, { description, fn });
}

export function postureCheck(key: string): PostureCheckFn | undefined {
  return registry.get(key)?.fn;
}

export function postureCheckKeys(): { key: string; description: string }[] {
  return [...registry.entries()].map(([key, v]) => ({ key, description: v.description }));
}

/** Dotted numeric comparison (1.10 > 1.9); non-numeric parts compare as text. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/);
  const pb = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '0';
    const y = pb[i] ?? '0';
    const nx = Number(x);
    const ny = Number(y);
    const c = Number.isFinite(nx) && Number.isFinite(ny) ? nx - ny : x.localeCompare(y);
    if (c !== 0) return Math.sign(c);
  }
  return 0;
}

registerPostureCheck(
  'agent_up_to_date',
  async (client, deviceIds) => {
    const promoted = await client.agentVersion.findFirst({ where: { promoted: true }, select: { version: true } });
    const devices = await client.device.findMany({ where: { id: { in: deviceIds } }, select: { id: true, agentVersion: true } });
    const out = new Map<string, PostureOutcome>();
    for (const d of devices) {
      if (!promoted) out.set(d.id, { status: 'unsupported', detail: 'No agent release is promoted' });
      else if (!d.agentVersion) out.set(d.id, { status: 'fail', detail: `Agent version unknown; promoted release is ${promoted.version}` });
      else if (compareVersions(d.agentVersion, promoted.version) >= 0) out.set(d.id, { status: 'pass', detail: `Agent ${d.agentVersion} (promoted ${promoted.version})` });
      else out.set(d.id, { status: 'fail', detail: `Agent ${d.agentVersion} is older than the promoted release ${promoted.version}` });
    }
    return out;
  },
  'The agent runs the promoted release or newer',
);

registerPostureCheck(
  'no_overdue_critical_patches',
  async (client, deviceIds, params) => {
    const maxAgeDays = typeof params.maxAgeDays === 'number' && params.maxAgeDays >= 0 ? Math.floor(params.maxAgeDays) : 14;
    const rows = await client.$queryRaw<{ device_id: string; overdue: number }[]>`
      select d.id as device_id,
             (select count(*)::int from device_patches dp join patches p on p.id = dp.patch_id
               where dp.device_id = d.id and dp.status in ('available', 'failed') and p.severity = 'critical'
                 and coalesce(p.released_at, dp.detected_at) < now() - make_interval(days => ${maxAgeDays}::int)) as overdue
      from devices d where d.id = any(${deviceIds}::uuid[])`;
    return new Map(
      rows.map((r) => [
        r.device_id,
        r.overdue === 0
          ? { status: 'pass' as const, detail: `No critical patch pending for more than ${maxAgeDays} days` }
          : { status: 'fail' as const, detail: `${r.overdue} critical patch${r.overdue === 1 ? '' : 'es'} pending for more than ${maxAgeDays} days` },
      ]),
    );
  },
  'No critical patch available (or failed) for more than params.maxAgeDays days (default 14)',
);
