// GET /api/v1/system-tools/devices/:deviceId/registry/keys — subkeys of a registry key (Windows).
import { defineRoute } from '@/lib/http/define-route';
import { ZSystemToolDeviceParams } from '@/lib/system-tools/schemas';
import { ZRegistryKeyList, ZRegistryKeyQuery } from '@/lib/system-tools/registry-schemas';
import { listRegistryKeys } from '@/lib/system-tools/registry';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZSystemToolDeviceParams,
  query: ZRegistryKeyQuery,
  summary: 'List the subkeys of a registry key',
  description: 'The subkeys of `key` in `hive` (the hive root when `key` is empty), with their subkey and value counts and last write time. Windows only: Linux and macOS agents answer 422 `UNSUPPORTED_ON_PLATFORM`. 404 `KEY_NOT_FOUND` from a Windows agent. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  tags: ['System tools'],
  response: ZRegistryKeyList,
  errors: [409, 422],
  handler: ({ ctx, params, query }) => listRegistryKeys(ctx, params.deviceId, query),
});
