// /api/v1/system-tools/devices/:deviceId/registry/key — create or delete a registry key (Windows).
import { defineRoute } from '@/lib/http/define-route';
import { ZSystemToolDeviceParams } from '@/lib/system-tools/schemas';
import { ZRegistryKey, ZRegistryKeyDeleteQuery, ZRegistryKeyInput } from '@/lib/system-tools/registry-schemas';
import { createRegistryKey, deleteRegistryKey } from '@/lib/system-tools/registry';

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:execute',
  mfa: true,
  params: ZSystemToolDeviceParams,
  body: ZRegistryKeyInput,
  summary: 'Create a registry key',
  description: 'Creates `key` in `hive` with any missing parents; `created` is false when it already existed. Needs `devices:execute` and a completed MFA challenge; audited as `device.registry.key.create`. Windows only: Linux and macOS agents answer 422 `UNSUPPORTED_ON_PLATFORM`. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  tags: ['System tools'],
  response: ZRegistryKey,
  errors: [409, 422],
  handler: ({ ctx, params, body }) => createRegistryKey(ctx, params.deviceId, body),
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'devices:execute',
  mfa: true,
  params: ZSystemToolDeviceParams,
  query: ZRegistryKeyDeleteQuery,
  summary: 'Delete a registry key',
  description: 'Deletes `key` in `hive`; one with subkeys only with `recursive=true` (else 409 `KEY_NOT_EMPTY` from a Windows agent); 204. Needs `devices:execute` and a completed MFA challenge; audited as `device.registry.key.delete`. Windows only: Linux and macOS agents answer 422 `UNSUPPORTED_ON_PLATFORM`. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  tags: ['System tools'],
  errors: [409, 422],
  handler: async ({ ctx, params, query }) => {
    await deleteRegistryKey(ctx, params.deviceId, query);
  },
});
