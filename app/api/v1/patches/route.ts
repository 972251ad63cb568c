// GET /api/v1/patches — patches found on devices in scope.
import { defineRoute } from '@/lib/http/define-route';
import { ZListPatchesQuery, ZPatchList } from '@/lib/patches/schemas';
import { listPatches } from '@/lib/patches/list-patches';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:read',
  query: ZListPatchesQuery,
  summary: 'List patches',
  description:
    'Patches that scans found on devices in scope, most severe first (page pagination). Every patch carries `source` (`os_vendor_a`, `os_vendor_b`, `linux`, `third_party`, `custom`), `version`, `vendor` and `cveIds`, the organizations’ approvals and device counts. Filters: `source`, `severity` (comma-separated), `status` (approval state), `orgId`, `deviceId`, `search` (name, title or CVE id).',
  tags: ['Patches'],
  response: ZPatchList,
  handler: ({ ctx, query }) => listPatches(ctx, query),
});
