// GET /api/v1/security/encryption — disk encryption of every reporting device with its check outcome.
import { defineRoute } from '@/lib/http/define-route';
import { ZEncryptionState, ZAreaList, ZSecurityListQuery } from '@/lib/security/posture-schemas';
import { listArea } from '@/lib/security/read-security';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZSecurityListQuery,
  summary: 'List disk encryption',
  description: 'Needs `devices:read`. Disk encryption per device: LUKS (dm-crypt) on the root and data volumes, per volume; `unknown` for a container root or a volume that could not be traced. `summary` counts pass/fail/unknown over all reporting devices in scope; `status` filters the rows.',
  tags: ['Security'],
  response: ZAreaList(ZEncryptionState),
  handler: ({ ctx, query }) => listArea(ctx, 'encryption', query),
});
