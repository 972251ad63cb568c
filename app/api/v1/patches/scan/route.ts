// POST /api/v1/patches/scan — queue a patch scan on devices or a device group.
import { defineRoute } from '@/lib/http/define-route';
import { ZScanBody, ZScanResponse } from '@/lib/patches/schemas';
import { queuePatchScan } from '@/lib/patches/queue-patch-scan';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:deploy',
  body: ZScanBody,
  status: 202,
  audit: 'patch.scan',
  summary: 'Scan devices for patches',
  description:
    'Queues a `patch_scan` command per device (`deviceIds`, or the members of `groupId`): the agent refreshes its package index (apt-get update, dnf --refresh) and reports every available update. Agents also scan on their own every 6 hours. Linux only: a named device of another OS answers 422 `UNSUPPORTED_OS`; group members of other OSes are skipped. A device with a scan already pending is skipped `ALREADY_PENDING`.',
  tags: ['Patches'],
  response: ZScanResponse,
  handler: ({ ctx, body }) => queuePatchScan(ctx, body),
});
