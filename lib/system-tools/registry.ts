// The Windows registry of a device, through its agent. Linux and macOS agents answer
// 422 UNSUPPORTED_ON_PLATFORM; writes are audited when an agent carries them out.
import { z } from 'zod';
import type { ActorContext } from '@/lib/auth/context';
import { deviceCall } from '@/lib/system-tools/device-call';
import { auditToolAction } from '@/lib/system-tools/audit-tool';
import { ZRegistryKey, ZRegistryKeyList, ZRegistryValue, ZRegistryValueList } from '@/lib/system-tools/registry-schemas';

type Params = Record<string, unknown>;

export async function listRegistryKeys(ctx: ActorContext, deviceId: string, params: Params) {
  return (await deviceCall(ctx, deviceId, 'registry.keys', params, ZRegistryKeyList)).result;
}

export async function listRegistryValues(ctx: ActorContext, deviceId: string, params: Params) {
  return (await deviceCall(ctx, deviceId, 'registry.values', params, ZRegistryValueList)).result;
}

export async function getRegistryValue(ctx: ActorContext, deviceId: string, params: Params) {
  return (await deviceCall(ctx, deviceId, 'registry.value.get', params, ZRegistryValue)).result;
}

export async function setRegistryValue(ctx: ActorContext, deviceId: string, params: { hive: string; key: string; name: string; type: string; data: unknown }) {
  const { device, result } = await deviceCall(ctx, deviceId, 'registry.value.set', params, ZRegistryValue);
  await auditToolAction(ctx, device, 'device.registry.value.set', { hive: params.hive, key: params.key, name: params.name, type: params.type });
  return result;
}

export async function deleteRegistryValue(ctx: ActorContext, deviceId: string, params: { hive: string; key: string; name: string }) {
  const { device } = await deviceCall(ctx, deviceId, 'registry.value.delete', params, z.unknown());
  await auditToolAction(ctx, device, 'device.registry.value.delete', params);
}

export async function createRegistryKey(ctx: ActorContext, deviceId: string, params: { hive: string; key: string }) {
  const { device, result } = await deviceCall(ctx, deviceId, 'registry.key.create', params, ZRegistryKey);
  await auditToolAction(ctx, device, 'device.registry.key.create', { ...params, created: result.created });
  return result;
}

export async function deleteRegistryKey(ctx: ActorContext, deviceId: string, params: { hive: string; key: string; recursive: boolean }) {
  const { device } = await deviceCall(ctx, deviceId, 'registry.key.delete', params, z.unknown());
  await auditToolAction(ctx, device, 'device.registry.key.delete', params);
}
