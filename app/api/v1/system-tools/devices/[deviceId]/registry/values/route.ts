// GET /api/v1/system-tools/devices/:deviceId/registry/values — values of a registry key (Windows).
import { defineRoute } from '@/lib/http/define-route';
import { ZSystemToolDeviceParams } from '@/lib/system-tools/schemas';
import { ZRegistryKeyQuery, ZRegistryValueList } from '@/lib/system-tools/registry-schemas';
import { listRegistryValues } from '@/lib/system-tools/registry';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZSystemToolDeviceParams,
  query: ZRegistryKeyQuery,
  summary: 'List the values of a registry key',
  description: 'Every value of `key` in `hive`: name (empty for the default value), type and data (text for REG_SZ and REG_EXPAND_SZ, a list for REG_MULTI_SZ, a number for REG_DWORD, a decimal string for REG_QWORD, base64 for REG_BINARY). Windows only: Linux and macOS agents answer 422 `UNSUPPORTED_ON_PLATFORM`. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  tags: ['System tools'],
  response: ZRegistryValueList,
  errors: [409, 422],
  handler: ({ ctx, params, query }) => listRegistryValues(ctx, params.deviceId, query),
});
