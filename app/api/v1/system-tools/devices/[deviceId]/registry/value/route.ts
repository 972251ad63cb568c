// /api/v1/system-tools/devices/:deviceId/registry/value — read, write or delete one registry value (Windows).
import { defineRoute } from '@/lib/http/define-route';
import { ZSystemToolDeviceParams } from '@/lib/system-tools/schemas';
import { ZRegistryValue, ZRegistryValueInput, ZRegistryValueQuery } from '@/lib/system-tools/registry-schemas';
import { deleteRegistryValue, getRegistryValue, setRegistryValue } from '@/lib/system-tools/registry';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZSystemToolDeviceParams,
  query: ZRegistryValueQuery,
  summary: 'Get one registry value',
  description: 'The value `name` of `key` in `hive`, with its type and data. Windows only: Linux and macOS agents answer 422 `UNSUPPORTED_ON_PLATFORM`. 404 `VALUE_NOT_FOUND` from a Windows agent. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  tags: ['System tools'],
  response: ZRegistryValue,
  errors: [409, 422],
  handler: ({ ctx, params, query }) => getRegistryValue(ctx, params.deviceId, query),
});

export const PUT = defineRoute({
  auth: 'user',
  permission: 'devices:execute',
  mfa: true,
  params: ZSystemToolDeviceParams,
  body: ZRegistryValueInput,
  summary: 'Set a registry value',
  description: 'Creates or replaces the value `name` of `key` in `hive` with `type` and `data` (the key must exist: POST …/registry/key). Needs `devices:execute` and a completed MFA challenge; audited as `device.registry.value.set`. Windows only: Linux and macOS agents answer 422 `UNSUPPORTED_ON_PLATFORM`. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  tags: ['System tools'],
  response: ZRegistryValue,
  errors: [409, 422],
  handler: ({ ctx, params, body }) => setRegistryValue(ctx, params.deviceId, body),
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'devices:execute',
  mfa: true,
  params: ZSystemToolDeviceParams,
  query: ZRegistryValueQuery,
  summary: 'Delete a registry value',
  description: 'Removes the value `name` of `key` in `hive`; 204. Needs `devices:execute` and a completed MFA challenge; audited as `device.registry.value.delete`. Windows only: Linux and macOS agents answer 422 `UNSUPPORTED_ON_PLATFORM`. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  tags: ['System tools'],
  errors: [409, 422],
  handler: async ({ ctx, params, query }) => {
    await deleteRegistryValue(ctx, params.deviceId, query);
  },
});
