// GET /api/v1/system-tools/devices/:deviceId/files/download — a file's bytes, streamed from the device.
import { defineRoute } from '@/lib/http/define-route';
import { ZSystemToolDeviceParams } from '@/lib/system-tools/schemas';
import { ZFileDownloadQuery } from '@/lib/system-tools/file-schemas';
import { downloadDeviceFile } from '@/lib/system-tools/files';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZSystemToolDeviceParams,
  query: ZFileDownloadQuery,
  summary: 'Download a file from a device',
  description: [
    'Streams the file as `application/octet-stream` with `Content-Length` and `Content-Disposition: attachment`: the server asks the agent for one 1 MiB range after the other as the client reads, so a file of any size passes with bounded memory, up to SYSTEM_TOOLS_DOWNLOAD_MAX_BYTES (default 2 GiB; beyond, 413 `FILE_TOO_LARGE` before any byte is sent). A file that shrinks while it is sent ends the body early (the client sees fewer bytes than Content-Length).',
    'Audited as `device.file.download` with the path and size. 404 `FILE_NOT_FOUND`; 422 `NOT_A_FILE` for a directory. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  ].join('\n\n'),
  tags: ['System tools'],
  errors: [409, 413, 422],
  handler: ({ ctx, params, query }) => downloadDeviceFile(ctx, params.deviceId, query.path),
});
