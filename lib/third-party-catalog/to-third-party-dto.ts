// Rows to the API shapes. A test's `running` and the outcome of a command that never reported
// (timed out, cancelled) are read from its command, so the record needs no write on delivery.
import type { DbOrTx } from '@/lib/db';
import type { DeviceCommand, ThirdPartyApp, ThirdPartyAppTest } from '@/lib/generated/prisma/client';
import type { TThirdPartyApp, TThirdPartyAppTest, UpdateSource } from '@/lib/third-party-catalog/schemas';

type DeviceRef = { id: string; hostname: string; osType: 'windows' | 'macos' | 'linux' | null; status: string };
type CommandRef = Pick<DeviceCommand, 'id' | 'status' | 'sentAt' | 'completedAt'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toThirdPartyAppDto(row: ThirdPartyApp, device: DeviceRef | null): TThirdPartyApp {
  return {
    id: row.id,
    name: row.name,
    vendor: row.vendor,
    category: row.category,
    description: row.description,
    homepage: row.homepage,
    platforms: row.platforms,
    updateSource: row.updateSource as UpdateSource,
    inventoryMatch: row.inventoryMatch,
    latestVersion: row.latestVersion,
    serviceTested: row.serviceTested,
    testedVersion: row.testedVersion,
    testedAt: iso(row.testedAt),
    testDeviceId: row.testDeviceId,
    testDevice: device && device.id === row.testDeviceId ? { id: device.id, hostname: device.hostname, osType: device.osType, status: device.status } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toThirdPartyTestDto(t: ThirdPartyAppTest, command: CommandRef | null, hostname: string | null): TThirdPartyAppTest {
  let { status, error, completedAt, startedAt } = t;
  if (status === 'queued' && command) {
    startedAt = command.sentAt;
    if (command.status === 'sent') status = 'running';
    else if (command.status === 'timed_out') [status, error, completedAt] = ['failed', 'The agent reported no result in time', command.completedAt];
    else if (command.status === 'cancelled') [status, completedAt] = ['cancelled', command.completedAt];
  }
  return {
    id: t.id,
    appId: t.appId,
    version: t.version,
    deviceId: t.deviceId,
    hostname,
    status,
    commandId: t.commandId,
    manager: t.manager,
    packageName: t.packageName,
    error,
    installedVersion: t.installedVersion,
    createdBy: t.createdById,
    createdAt: t.createdAt.toISOString(),
    startedAt: iso(startedAt),
    completedAt: iso(completedAt),
  };
}

const DEVICE_SELECT = { id: true, hostname: true, osType: true, status: true } as const;

/** The devices named by these ids (test devices or tested devices), by id. */
export async function devicesById(client: DbOrTx, ids: (string | null)[]): Promise<Map<string, DeviceRef>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await client.device.findMany({ where: { id: { in: wanted } }, select: DEVICE_SELECT });
  return new Map(rows.map((d) => [d.id, d]));
}

/** Test rows with their command state and device hostname. */
export async function toThirdPartyTestDtos(client: DbOrTx, tests: ThirdPartyAppTest[]): Promise<TThirdPartyAppTest[]> {
  const commandIds = tests.map((t) => t.commandId).filter((id): id is string => id !== null);
  const [commands, devices] = await Promise.all([
    commandIds.length ? client.deviceCommand.findMany({ where: { id: { in: commandIds } }, select: { id: true, status: true, sentAt: true, completedAt: true } }) : [],
    devicesById(client, tests.map((t) => t.deviceId)),
  ]);
  const byId = new Map(commands.map((c) => [c.id, c]));
  return tests.map((t) => toThirdPartyTestDto(t, t.commandId ? (byId.get(t.commandId) ?? null) : null, t.deviceId ? (devices.get(t.deviceId)?.hostname ?? null) : null));
}
