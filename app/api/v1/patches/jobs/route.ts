// GET, POST /api/v1/patches/jobs — install jobs and rollbacks.
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateJobBody, ZCreateJobResponse, ZJobList, ZListJobsQuery } from '@/lib/patches/schemas';
import { listPatchJobs } from '@/lib/patches/list-patch-jobs';
import { createPatchJobs } from '@/lib/patches/create-patch-jobs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:read',
  query: ZListJobsQuery,
  summary: 'List patch jobs',
  description: 'Install and rollback jobs, one per device, newest first, with each package’s outcome once the agent reported.',
  tags: ['Patches'],
  response: ZJobList,
  handler: ({ ctx, query }) => listPatchJobs(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'patches:deploy',
  body: ZCreateJobBody,
  status: 202,
  audit: 'patch.install',
  summary: 'Install approved patches',
  description:
    'One job per device (`deviceIds` or `groupId`) installing its approved patches (`patchIds`, or every approved one available on it). `schedule: now` sends a `patch_install` command at once (apt: `apt-get install --only-upgrade pkg=version`); `next_window` waits for an occurrence of a maintenance window covering the device that does not suppress patching, and approvals are checked again then. Skipped devices carry their reason: `NOTHING_APPROVED`, `NO_MAINTENANCE_WINDOW`, `ALREADY_PENDING` (an open job), `UNSUPPORTED_OS` (the agent installs on Linux devices only: Windows and macOS devices are skipped), `UNSUPPORTED_SOURCE` (the approved patches are all of sources other than `linux`, e.g. brew on Linux; such patches are never put into a job), `DEVICE_INACTIVE`.',
  tags: ['Patches'],
  response: ZCreateJobResponse,
  handler: ({ ctx, body }) => createPatchJobs(ctx, body),
});
