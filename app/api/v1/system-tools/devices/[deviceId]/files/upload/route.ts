// POST /api/v1/system-tools/devices/:deviceId/files/upload — write a file on the device (multipart).
import { defineRoute } from '@/lib/http/define-route';
import { ZSystemToolDeviceParams } from '@/lib/system-tools/schemas';
import { ZFileEntry, ZFileUploadQuery } from '@/lib/system-tools/file-schemas';
import { uploadDeviceFile } from '@/lib/system-tools/files';

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:execute',
  mfa: true,
  params: ZSystemToolDeviceParams,
  query: ZFileUploadQuery,
  requestBody: {
    contentType: 'multipart/form-data',
    description: 'Exactly one file, in field `file`, and no other parts.',
    schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } }, additionalProperties: false },
  },
  status: 201,
  summary: 'Upload a file to a device',
  description: [
    'Writes the file to `path` (or, when `path` is an existing directory, into it under the part’s file name). The body is streamed to the agent in chunks as it arrives; the agent writes a temporary file beside the target and renames it into place only once the size and SHA-256 match, so the target is never seen half-written. At most SYSTEM_TOOLS_UPLOAD_MAX_BYTES (default 100 MiB; beyond, 413 `FILE_TOO_LARGE`).',
    'An existing file is replaced only with `overwrite=true` (it keeps its mode), else 409 `FILE_EXISTS`. Needs `devices:execute` and a completed MFA challenge; audited as `device.file.upload` with the path, size and SHA-256. 404 `FILE_NOT_FOUND` when the directory does not exist; 400 `INVALID_MULTIPART`. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  ].join('\n\n'),
  tags: ['System tools'],
  response: ZFileEntry,
  errors: [409, 413, 422],
  handler: ({ ctx, params, query, req }) => uploadDeviceFile(ctx, params.deviceId, query, req),
});
