// GET /api/v1/system-tools/devices/:deviceId/files — list a directory or read a file on the device.
import { defineRoute } from '@/lib/http/define-route';
import { ZSystemToolDeviceParams } from '@/lib/system-tools/schemas';
import { ZFileGetQuery, ZFileGetResult } from '@/lib/system-tools/file-schemas';
import { getDevicePath } from '@/lib/system-tools/files';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZSystemToolDeviceParams,
  query: ZFileGetQuery,
  summary: 'List a directory or read a file on a device',
  description: [
    '`path` is absolute. A directory answers `kind: directory` with its entries (name, type, size, modification time, mode, owner, link target) ordered by name, at most 10,000. A file answers `kind: file` with its first `maxBytes` bytes (default 1 MiB, at most 10 MiB) as UTF-8 text or, for binary content, base64; `truncated` says there is more (use …/files/download).',
    'The agent reads with its own rights (root or SYSTEM on a managed device). 404 `FILE_NOT_FOUND`; 422 `AGENT_OPERATION_FAILED` with details.agentCode `PERMISSION_DENIED` when the agent may not read it. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  ].join('\n\n'),
  tags: ['System tools'],
  response: ZFileGetResult,
  errors: [409, 422],
  handler: ({ ctx, params, query }) => getDevicePath(ctx, params.deviceId, query.path, query.maxBytes),
});
